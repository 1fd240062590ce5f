/**
 * The first rows of a table, read ahead for column detection (a file without a header row, an
 * indicator column's values), and a table that hands the same rows out again before the rest.
 */
import type { StatementTable, TableRow } from '../domain/statement';

export async function sampleRows(
  table: StatementTable,
  count: number,
): Promise<{ sample: string[][]; table: StatementTable }> {
  const iterator = table.rows[Symbol.asyncIterator]();
  const ahead: TableRow[] = [];
  while (ahead.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    ahead.push(next.value);
  }
  let index = 0;
  const rows: AsyncIterableIterator<TableRow> = {
    next() {
      if (index < ahead.length) return Promise.resolve({ value: ahead[index++], done: false });
      return iterator.next();
    },
    return() {
      index = ahead.length;
      return iterator.return ? iterator.return() : Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return { sample: ahead.map((r) => r.cells), table: withRows(table, rows) };
}

/** The table with these rows instead of its own (its character set still read live from it). */
export function withRows(table: StatementTable, rows: AsyncIterable<TableRow>): StatementTable {
  return {
    fileType: table.fileType,
    // Live, as the table's own (a file's character set may be learnt while its rows are read).
    get encoding() {
      return table.encoding;
    },
    get encodingCertain() {
      return table.encodingCertain;
    },
    delimiter: table.delimiter,
    headers: table.headers,
    hasHeader: table.hasHeader,
    headerRow: table.headerRow,
    rows,
  };
}
