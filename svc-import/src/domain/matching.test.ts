import { addDays, toDayNumber } from '@hf/calendar';
import { seededRandom } from '@hf/test-kit/seeded-random';
import {
  BUDGETED_MATCH_DAYS,
  candidateRange,
  isCleared,
  MATCH_DAYS,
  reconcile,
  rowKey,
  type ExistingTransaction,
  type Reconciliation,
} from './matching';
import { payeesAlike, payeeSimilarity, payeeTwinKey } from './payee-similarity';
import type { MappedRow } from './statement';

let rowNumber = 1;
function row(date: string, payee: string, amountCents: number, fitid: string | null = null): MappedRow {
  rowNumber++;
  return { rowNumber, date, payee, amountCents, category: '', notes: '', fitid };
}
function existing(
  id: number,
  date: string,
  payee: string,
  amountCents: number,
  status = '',
  isBudgeted = false,
): ExistingTransaction {
  return { id, date, payee, amountCents, status, isBudgeted };
}
/** The outcome per file row, for comparing two reconciliations. */
function summary(r: Reconciliation): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of r.matched) out.set(m.row.rowNumber, `matched:${m.existing.id}`);
  for (const d of r.duplicates) out.set(d.row.rowNumber, `duplicate:${d.existing.id}:${d.reason}`);
  for (const n of r.new) out.set(n.rowNumber, 'new');
  return out;
}

describe('reconcile', () => {
  test('same amount within 3 days matches; 4 days apart is new; a budgeted row matches within 7 days', () => {
    const rows = [
      row('2024-03-10', 'Coffee', -450),
      row('2024-03-10', 'Shop', -1000),
      row('2024-03-10', 'Rent', -120000),
    ];
    const candidates = [
      existing(1, '2024-03-13', 'Coffee Bar', -450),
      existing(2, '2024-03-14', 'Shop', -1000),
      existing(3, '2024-03-17', 'Rent', -120000, '', true),
    ];
    const r = reconcile(rows, candidates);
    expect(summary(r)).toEqual(
      new Map([
        [rows[0].rowNumber, 'matched:1'],
        [rows[1].rowNumber, 'new'],
        [rows[2].rowNumber, 'matched:3'],
      ]),
    );
  });

  test('each existing row is matched once, best date distance first over the whole file', () => {
    const far = row('2024-03-08', 'A', -500);
    const near = row('2024-03-10', 'A', -500);
    const r = reconcile([far, near], [existing(7, '2024-03-10', 'A', -500)]);
    expect(r.matched.map((m) => m.row)).toEqual([near]);
    expect(r.new).toEqual([far]);
  });

  test('cleared rows are not matched, they are twins; a cleared row with another payee is neither', () => {
    const twin = row('2024-03-10', 'coffee  shop', -450);
    const other = row('2024-03-10', 'Bakery', -450);
    const r = reconcile([twin, other], [existing(1, '2024-03-10', 'Coffee Shop', -450, 'x')]);
    expect(summary(r)).toEqual(
      new Map([
        [twin.rowNumber, 'duplicate:1:twin'],
        [other.rowNumber, 'new'],
      ]),
    );
  });

  test('two identical rows in one file are both kept: one twin each, never merged', () => {
    const a = row('2024-03-10', 'Coffee', -450);
    const b = row('2024-03-10', 'Coffee', -450);
    expect(reconcile([a, b], []).new).toEqual([a, b]);
    const oneCleared = reconcile([a, b], [existing(1, '2024-03-10', 'Coffee', -450, 'x')]);
    expect(summary(oneCleared)).toEqual(
      new Map([
        [a.rowNumber, 'duplicate:1:twin'],
        [b.rowNumber, 'new'],
      ]),
    );
    const bothCleared = reconcile(
      [a, b],
      [existing(2, '2024-03-10', 'Coffee', -450, 'x'), existing(1, '2024-03-10', 'Coffee', -450, 'X')],
    );
    expect(summary(bothCleared)).toEqual(
      new Map([
        [a.rowNumber, 'duplicate:1:twin'],
        [b.rowNumber, 'duplicate:2:twin'],
      ]),
    );
  });

  test('a recorded bank id wins over amount and date matching', () => {
    const a = row('2024-03-10', 'Coffee', -450, 'FIT-1');
    const r = reconcile(
      [a],
      [existing(1, '2024-03-10', 'Coffee', -450), existing(2, '2024-03-09', 'Renamed by me', -499, 'x')],
      new Map([['fitid:FIT-1', [2]]]),
    );
    expect(summary(r)).toEqual(new Map([[a.rowNumber, 'duplicate:2:recorded']]));
    // The recorded row no longer exists (deleted, or outside the candidates): ordinary matching.
    expect(
      summary(reconcile([a], [existing(1, '2024-03-10', 'Coffee', -450)], new Map([['fitid:FIT-1', [99]]]))),
    ).toEqual(new Map([[a.rowNumber, 'matched:1']]));
  });

  test('a CSV row reconciled before is found by its date, amount and payee, one recorded row each', () => {
    const a = row('2024-03-04', 'COFFEE SHOP', -450);
    const b = row('2024-03-04', 'coffee shop', -450);
    expect(rowKey(a)).toBe(rowKey(b));
    const r = reconcile(
      [a, b],
      [existing(1, '2024-03-05', 'Coffee', -450, 'x'), existing(2, '2024-03-04', 'Coffee', -450, 'x')],
      new Map([[rowKey(a), [1, 2]]]),
    );
    expect(summary(r)).toEqual(
      new Map([
        [a.rowNumber, 'duplicate:1:recorded'],
        [b.rowNumber, 'duplicate:2:recorded'],
      ]),
    );
  });

  test('a budgeted row matches a different amount when the payee is alike, an actual row never does', () => {
    const netflix = row('2024-03-12', 'NETFLIX.COM 866-579-7172', -1699);
    const r = reconcile(
      [netflix],
      [existing(1, '2024-03-10', 'Netflix', -1599, '', false), existing(2, '2024-03-15', 'Netflix', -1599, '', true)],
    );
    expect(summary(r)).toEqual(new Map([[netflix.rowNumber, 'matched:2']]));
    const refund = row('2024-03-12', 'Netflix', 1599);
    expect(reconcile([refund], [existing(2, '2024-03-15', 'Netflix', -1599, '', true)]).new).toEqual([refund]);
  });

  test('at equal distance: earlier file row, earlier existing date, actual before budgeted, lower id', () => {
    const a = row('2024-03-10', 'X', -100);
    const r = reconcile(
      [a],
      [
        existing(5, '2024-03-11', 'X', -100),
        existing(4, '2024-03-09', 'X', -100, '', true),
        existing(3, '2024-03-09', 'X', -100),
      ],
    );
    expect(summary(r)).toEqual(new Map([[a.rowNumber, 'matched:3']]));
  });

  test('candidateRange widens the file dates by 7 days each way', () => {
    expect(candidateRange([])).toBeNull();
    const range = candidateRange([row('2024-03-10', 'a', 1), row('2024-02-28', 'b', 1)])!;
    expect(range).toEqual({ from: toDayNumber('2024-02-21'), to: toDayNumber('2024-03-17') });
  });

  test('payee similarity', () => {
    expect(payeeSimilarity('Netflix', 'NETFLIX.COM')).toBe(1);
    expect(payeesAlike('Electric Company', 'ELECTRIC CO PAYMENT')).toBe(true);
    expect(payeesAlike('Rent', 'Groceries')).toBe(false);
    expect(payeeTwinKey('  Cafe\u0301  Bar ')).toBe(payeeTwinKey('CAFÉ BAR'.normalize('NFD')));
    // The printable-ASCII fast path gives the general rule's key.
    const general = (p: string) => p.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
    for (const p of [
      '  ACME   Corp,  Inc. ',
      'Coffee #12',
      '',
      '   ',
      'a  b   c',
      'Tab\there',
      'Caf\u00e9  Bar',
      'x\u00a0 y',
    ])
      expect(payeeTwinKey(p)).toBe(general(p));
  });
});

/**
 * The oracle: the rules written as plainly as possible, O(n * m). Every admissible (row, existing)
 * pair is listed, sorted by the rule's order, and taken greedily.
 */
function oracle(
  rows: MappedRow[],
  candidates: ExistingTransaction[],
  known: Map<string, number[]>,
): Map<number, string> {
  const used = new Set<number>();
  const out = new Map<number, string>();
  for (const r of rows) {
    const key =
      r.fitid !== null ? `fitid:${r.fitid}` : `row:${r.date}|${r.amountCents}|${r.payee.trim().toLowerCase()}`;
    for (const id of known.get(key) ?? []) {
      const e = candidates.find((c) => c.id === id);
      if (e && !used.has(e.id)) {
        used.add(e.id);
        out.set(r.rowNumber, `duplicate:${e.id}:recorded`);
        break;
      }
    }
  }
  for (const r of rows) {
    if (out.has(r.rowNumber)) continue;
    const twins = candidates
      .filter(
        (c) =>
          isCleared(c.status) &&
          !used.has(c.id) &&
          c.date === r.date &&
          c.amountCents === r.amountCents &&
          c.payee.trim().toLowerCase() === r.payee.trim().toLowerCase(),
      )
      .sort((a, b) => a.id - b.id);
    if (twins[0]) {
      used.add(twins[0].id);
      out.set(r.rowNumber, `duplicate:${twins[0].id}:twin`);
    }
  }
  const pairs: Array<{ phase: number; d: number; i: number; e: ExistingTransaction }> = [];
  rows.forEach((r, i) => {
    for (const e of candidates) {
      if (isCleared(e.status)) continue;
      const d = Math.abs(toDayNumber(r.date) - toDayNumber(e.date));
      if (e.amountCents === r.amountCents && d <= (e.isBudgeted ? BUDGETED_MATCH_DAYS : MATCH_DAYS))
        pairs.push({ phase: 0, d, i, e });
      else if (
        e.isBudgeted &&
        d <= BUDGETED_MATCH_DAYS &&
        r.amountCents !== 0 &&
        Math.sign(e.amountCents) === Math.sign(r.amountCents) &&
        e.amountCents !== r.amountCents &&
        payeesAlike(r.payee, e.payee)
      )
        pairs.push({ phase: 1, d, i, e });
    }
  });
  pairs.sort(
    (p, q) =>
      p.phase - q.phase ||
      p.d - q.d ||
      p.i - q.i ||
      (p.e.date < q.e.date ? -1 : p.e.date > q.e.date ? 1 : 0) ||
      Number(p.e.isBudgeted) - Number(q.e.isBudgeted) ||
      p.e.id - q.e.id,
  );
  for (const p of pairs) {
    const r = rows[p.i];
    if (out.has(r.rowNumber) || used.has(p.e.id)) continue;
    used.add(p.e.id);
    out.set(r.rowNumber, `matched:${p.e.id}`);
  }
  for (const r of rows) if (!out.has(r.rowNumber)) out.set(r.rowNumber, 'new');
  return out;
}

describe('reconcile against the brute-force oracle (seeded random files and registers)', () => {
  const payees = ['Coffee', 'coffee', 'Grocer', 'Netflix', 'NETFLIX.COM', 'Rent', 'Power Co', 'Power Company'];
  const amounts = [-450, -1000, -1599, -1699, -120000, 2500, 0];
  for (let seed = 1; seed <= 300; seed++) {
    test(`seed ${seed}`, () => {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
      const start = '2024-03-01';
      const rows: MappedRow[] = [];
      const n = 1 + Math.floor(random() * 30);
      for (let i = 0; i < n; i++)
        rows.push(
          row(
            addDays(start, Math.floor(random() * 20)),
            pick(payees),
            pick(amounts),
            random() < 0.3 ? `F${Math.floor(random() * 10)}` : null,
          ),
        );
      const candidates: ExistingTransaction[] = [];
      const m = Math.floor(random() * 30);
      const ids = new Set<number>();
      for (let i = 0; i < m; i++) {
        let id = 1 + Math.floor(random() * 1000);
        while (ids.has(id)) id++;
        ids.add(id);
        candidates.push(
          existing(
            id,
            addDays(start, Math.floor(random() * 34) - 7),
            pick(payees),
            pick(amounts),
            pick(['', 'p', 'x', 'X']),
            random() < 0.3,
          ),
        );
      }
      const known = new Map<string, number[]>();
      const someIds = () =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) =>
          random() < 0.8 && candidates.length > 0 ? pick(candidates).id : 5000 + k,
        );
      for (let f = 0; f < 10; f++) if (random() < 0.4) known.set(`fitid:F${f}`, someIds());
      for (const r of rows) if (r.fitid === null && random() < 0.2) known.set(rowKey(r), someIds());
      const result = reconcile(rows, candidates, known);
      expect(summary(result)).toEqual(oracle(rows, candidates, known));
      // Nothing lost, nothing invented; each existing row used at most once.
      expect(result.matched.length + result.new.length + result.duplicates.length).toBe(rows.length);
      const usedIds = [...result.matched, ...result.duplicates].map((p) => p.existing.id);
      expect(new Set(usedIds).size).toBe(usedIds.length);
    });
  }
});
