/**
 * Where a CSV's table starts (docs/rules/import.md, Reading): banks write 5 to 12 lines of
 * account details, balances or a title before the header row. The lines before it are not read,
 * the analysis says so, and the person may name another row.
 */
import type { DetectionReason } from '@hf/contracts';
import { StatementError, type StatementTable, type TableRow } from '../domain/statement';

/** Records read ahead to find the table's start. */
const TABLE_LOOKAHEAD = 40;

const blankCount = (cells: string[]) => cells.reduce((n, c) => (c.trim() === '' ? n + 1 : n), 0);

/** As many cells, or more with only blank ones beyond (a trailing delimiter on some lines). */
function sameWidth(a: string[], b: string[]): boolean {
  if (a.length === b.length) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (let i = short.length; i < long.length; i++) if (long[i].trim() !== '') return false;
  return true;
}

/**
 * The table's first record among the first records: the first that the records after it agree
 * with (as many cells, blank ones at the end aside; nine in ten of them, so a total row does not
 * count) and that has most of its cells filled (a line of account details padded with delimiters
 * does not). Lines before it have fewer cells. 0 when none agrees.
 */
export function tableStart(records: readonly TableRow[]): number {
  for (let i = 0; i < records.length - 1; i++) {
    const width = records[i].cells.length;
    if (width < 2 || blankCount(records[i].cells) > width / 2) continue;
    const rest = records.slice(i + 1);
    const agreeing = rest.filter((r) => sameWidth(records[i].cells, r.cells)).length;
    if (agreeing >= Math.ceil(rest.length * 0.9)) return i;
  }
  return 0;
}

/**
 * The first records read ahead and the index of the table's first one: found (`tableStart`), or
 * the row the person named. Without `lookAhead` (formats that name their own rows): the first record.
 */
export async function findTableStart(
  records: AsyncIterator<TableRow>,
  lookAhead: boolean,
  headerRow: number | undefined,
): Promise<{ ahead: TableRow[]; start: number }> {
  const ahead: TableRow[] = [];
  const wanted = lookAhead ? Math.max(TABLE_LOOKAHEAD, (headerRow ?? 0) + 1) : 1;
  while (ahead.length < wanted) {
    const next = await records.next();
    if (next.done) break;
    ahead.push(next.value);
  }
  if (!lookAhead || ahead.length === 0) return { ahead, start: 0 };
  if (headerRow === undefined) return { ahead, start: tableStart(ahead) };
  const start = ahead.findIndex((r) => r.rowNumber >= headerRow);
  if (start === -1) throw new StatementError(`Row ${headerRow.toLocaleString('en-US')} is past the end of the file.`);
  return { ahead, start };
}

export function tableStartReasons(
  table: Pick<StatementTable, 'fileType' | 'headerRow' | 'hasHeader'>,
  chosen: boolean,
): DetectionReason[] {
  const row = table.headerRow;
  if (table.fileType !== 'csv' || row === undefined || row <= 1 || chosen) return [];
  const before = row === 2 ? 'Row 1 comes' : `Rows 1 to ${row - 1} come`;
  const what = table.hasHeader ? `the header is row ${row}` : `the rows start at row ${row}`;
  return [
    {
      field: 'header_row',
      column: null,
      reason: `${before} before the table (fewer fields than its rows: account details, balances or a title) and ${row === 2 ? 'is' : 'are'} not read; ${what}.`,
      certain: false,
    },
  ];
}
