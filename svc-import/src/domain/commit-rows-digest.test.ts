import { createHash } from 'node:crypto';
import { commitRowsDigest, type CommitRow } from './commit-rows';

/** The digest as the import_requests rows already stored were made: one JSON array line per row. */
function digestLineByLine(rows: readonly CommitRow[]): string {
  const hash = createHash('sha256');
  for (const r of rows)
    hash.update(`${JSON.stringify([r.date, r.payee, r.amountCents, r.notes, r.category_id, r.fitid])}\n`);
  return hash.digest('hex');
}

const row = (i: number): CommitRow => ({
  date: `2024-0${(i % 9) + 1}-1${i % 10}`,
  payee: [
    'Corner "Coffee"',
    'Café\\Bäckerei',
    'Tab\there',
    'Line\u2028sep',
    '😀 Emoji',
    'Lone \ud800 half',
    'Bell\u0007',
    'Plain ASCII',
  ][i % 8],
  amountCents: i % 7 === 0 ? 0 : (i % 2 ? -1 : 1) * i * 137,
  notes: i % 4 === 0 ? '' : `memo ${'x'.repeat(i % 50)} "${i}"`,
  category_id: i % 3 === 0 ? null : i,
  fitid: i % 2 === 0 ? null : `F-${i}`,
});

describe('commitRowsDigest', () => {
  it.each([0, 1, 5, 3000])('is the line-by-line digest of %i rows (quotes, escapes, unicode, nulls)', (count) => {
    const rows = Array.from({ length: count }, (_, i) => row(i));
    expect(commitRowsDigest(rows)).toBe(digestLineByLine(rows));
  });

  it('tells rows apart that differ in one field', () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(i));
    const changed = rows.map((r, i) => (i === 13 ? { ...r, notes: `${r.notes}.` } : r));
    expect(commitRowsDigest(changed)).not.toBe(commitRowsDigest(rows));
  });
});
