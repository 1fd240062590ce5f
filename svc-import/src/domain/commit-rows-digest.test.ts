import { createHash } from 'node:crypto';
import { commitRowsDigest, type CommitRow } from './commit-rows';

/** The digest as the import_requests rows already stored were made: one JSON array line per row. */
function digestLineByLine(rows: readonly CommitRow[]): string {
  const hash = createHash('sha256');
  for (const r of rows) {
    const fields: unknown[] = [r.date, r.payee, r.amountCents, r.notes, r.category_id, r.fitid];
    if (r.splits) fields.push(r.splits.map((l) => [l.category_id, l.amount_cents, l.notes]));
    hash.update(`${JSON.stringify(fields)}\n`);
  }
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
  splits:
    i % 5 === 1
      ? [
          { category_id: i, amount_cents: -i, notes: 'a "quoted" line' },
          { category_id: null, amount_cents: i * 2, notes: '' },
        ]
      : null,
});

describe('commitRowsDigest', () => {
  it.each([0, 1, 5, 3000])('is the line-by-line digest of %i rows (quotes, escapes, unicode, nulls)', (count) => {
    const rows = Array.from({ length: count }, (_, i) => row(i));
    expect(commitRowsDigest(rows)).toBe(digestLineByLine(rows));
  });

  it('is the digest stored before split lines existed for rows without lines', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ ...row(i), splits: null }));
    const before = createHash('sha256');
    for (const r of rows)
      before.update(`${JSON.stringify([r.date, r.payee, r.amountCents, r.notes, r.category_id, r.fitid])}\n`);
    expect(commitRowsDigest(rows)).toBe(before.digest('hex'));
  });

  it('tells apart rows whose split lines differ (a retry with other lines is another request)', () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(i));
    const split = rows[1].splits!;
    const changes = [
      [
        { ...split[0], amount_cents: split[0].amount_cents - 1 },
        { ...split[1], amount_cents: split[1].amount_cents + 1 },
      ],
      [{ ...split[0], category_id: 99 }, split[1]],
      [{ ...split[0], notes: 'other' }, split[1]],
      [split[1], split[0]],
      null,
    ];
    for (const splits of changes)
      expect(commitRowsDigest(rows.map((r, i) => (i === 1 ? { ...r, splits } : r)))).not.toBe(commitRowsDigest(rows));
  });

  it('tells rows apart that differ in one field', () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(i));
    const changed = rows.map((r, i) => (i === 13 ? { ...r, notes: `${r.notes}.` } : r));
    expect(commitRowsDigest(changed)).not.toBe(commitRowsDigest(rows));
  });
});
