/**
 * The evidence of where a CSV's table starts, as the analysis shows it (docs/rules/import.md,
 * Reading): lines before it are named, and the person may name another row.
 */
import type { DetectionReason } from '@hf/contracts';
import type { StatementTable } from '../domain/statement';

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
