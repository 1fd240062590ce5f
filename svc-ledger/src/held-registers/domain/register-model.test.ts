import { decodeCursor, encodeCursor } from '../../domain/cursor';
import {
  decimalOf,
  RegisterModel,
  writeDecimal,
  type RegisterHeadState,
  type RegisterLine,
  type RowStatus,
} from './register-model';
import { seededRandom } from '@hf/test-kit/seeded-random';

const head = (version: string, startingBalance = 10_000): RegisterHeadState => ({ version, startingBalance });

function line(
  id: number,
  date: string,
  createdMicros: number,
  amount: number,
  status: RowStatus,
  payee = `Payee ${id}`,
): RegisterLine {
  return {
    id,
    date,
    createdMicros,
    amount,
    status,
    prefix: `{"id":${id},"date":"${date}","payee":${JSON.stringify(payee)},"amount":${amount / 100},"status":"${status}"`,
  };
}

const byKey = (a: RegisterLine, b: RegisterLine) =>
  a.date.localeCompare(b.date) || a.createdMicros - b.createdMicros || a.id - b.id;

/** What the register must show for these rows: every row with balances from the starting balance. */
function expected(lines: RegisterLine[], start: number): Array<Record<string, unknown>> {
  let running = start;
  let pending = start;
  let cleared = start;
  return [...lines].sort(byKey).map((l) => {
    running += l.amount;
    if (l.status !== '') pending += l.amount;
    if (l.status === 'x') cleared += l.amount;
    return { ...JSON.parse(`${l.prefix}}`), running: running / 100, pending: pending / 100, cleared: cleared / 100 };
  });
}

function randomLines(next: () => number, ids: number[]): RegisterLine[] {
  const statuses: RowStatus[] = ['', 'p', 'x'];
  return ids.map((id) => {
    const day = 1 + Math.floor(next() * 28);
    return line(
      id,
      `2025-0${1 + Math.floor(next() * 3)}-${String(day).padStart(2, '0')}`,
      1_700_000_000_000_000 + Math.floor(next() * 5) * 1000,
      Math.round((next() - 0.6) * 200_000),
      statuses[Math.floor(next() * 3)],
      next() < 0.1 ? 'Café "Ünïcode" €' : `Payee ${id}`,
    );
  });
}

describe('writeDecimal', () => {
  it('writes the same text as the API number (cents / 100) for any amount in cents', () => {
    const next = seededRandom(1);
    const values = [
      0,
      1,
      -1,
      5,
      -5,
      10,
      50,
      -50,
      99,
      100,
      -100,
      101,
      110,
      1234,
      -1230,
      123456789,
      -987654321012,
      2 ** 40,
      -(2 ** 45) + 7,
    ];
    for (let k = 0; k < 5000; k++) values.push(Math.round((next() - 0.5) * 10 ** (1 + Math.floor(next() * 14))));
    const buf = Buffer.alloc(64);
    for (const cents of values) {
      const end = writeDecimal(buf, 3, cents);
      expect(buf.toString('latin1', 3, end)).toBe(decimalOf(cents));
      expect(decimalOf(cents)).toBe(String(cents / 100));
    }
  });
});

describe('RegisterModel', () => {
  it('writes every row with exact running, pending and cleared balances', () => {
    const lines = [
      line(3, '2025-01-02', 5, -1050, 'x'),
      line(1, '2025-01-01', 9, 2001, ''),
      line(2, '2025-01-02', 5, -1, 'p'),
    ];
    const model = RegisterModel.build(head('1'), [...lines].sort(byKey));
    const rows = JSON.parse(model.body.toString('utf8'));
    expect(rows).toEqual(expected(lines, 10_000));
    expect(rows.map((r: { running: number }) => r.running)).toEqual([120.01, 120, 109.5]);
    expect(rows.map((r: { pending: number }) => r.pending)).toEqual([100, 99.99, 89.49]);
    expect(rows.map((r: { cleared: number }) => r.cleared)).toEqual([100, 100, 89.5]);
  });

  it('a write to the newest rows of a large register keeps every part but the last: it copies about one part, not the register', () => {
    const lines = randomLines(
      seededRandom(3),
      Array.from({ length: 6000 }, (_, i) => i + 1),
    ).sort(byKey);
    const model = RegisterModel.build(head('1'), lines, { partBytes: 64 * 1024 });
    expect(model.parts.length).toBeGreaterThan(10);
    const newest = lines[lines.length - 1];
    const entry = line(99_999, newest.date, newest.createdMicros + 1, -4200, 'p');
    const next = model.withChanges(head('2'), new Set([entry.id]), [entry]);
    expect(next.parts.slice(0, -1)).toEqual(model.parts.slice(0, -1));
    for (let k = 0; k < model.parts.length - 1; k++) expect(next.parts[k]).toBe(model.parts[k]);
    expect(JSON.parse(next.body.toString('utf8'))).toEqual(expected([...lines, entry], 10_000));
    expect(next.rowSums.total).toBe(model.rowSums.total - 4200);
  });

  it('an empty register is [] and its page is empty with the starting balance', () => {
    const model = RegisterModel.build(head('1', -250), []);
    expect(model.body.toString()).toBe('[]');
    expect(JSON.parse(model.page({ limit: 10 }).toString())).toEqual({
      rows: [],
      balance_before: { running: -2.5, pending: -2.5, cleared: -2.5 },
      prev_cursor: null,
      next_cursor: null,
      total: 0,
    });
  });

  it('withChanges gives exactly the register built from scratch, over many random writes', () => {
    const next = seededRandom(42);
    let nextId = 1;
    let current = randomLines(
      next,
      Array.from({ length: 400 }, () => nextId++),
    );
    // Parts of ~2 KB (a few rows each), so changes land in the first, a middle and the last part.
    let model = RegisterModel.build(head('1'), [...current].sort(byKey), { partBytes: 2048 });
    expect(model.parts.length).toBeGreaterThan(20);
    for (let round = 2; round < 60; round++) {
      const touched = new Set<number>();
      const changed: RegisterLine[] = [];
      // Edit, remove and add a few rows (an id may also be touched and come back unchanged).
      for (let k = 0; k < 1 + Math.floor(next() * 6); k++) {
        const victim = current[Math.floor(next() * current.length)];
        if (!victim) break;
        touched.add(victim.id);
        const roll = next();
        if (roll < 0.3) current = current.filter((l) => l.id !== victim.id);
        else if (roll < 0.9) {
          const [edited] = randomLines(next, [victim.id]);
          current = current.map((l) => (l.id === victim.id ? edited : l));
        }
      }
      for (const added of randomLines(
        next,
        Array.from({ length: Math.floor(next() * 4) }, () => nextId++),
      )) {
        touched.add(added.id);
        current.push(added);
      }
      for (const l of current) if (touched.has(l.id)) changed.push(l);
      const before = model;
      model = model.withChanges(head(String(round)), touched, changed);
      const scratch = RegisterModel.build(head(String(round)), [...current].sort(byKey));
      expect(model.body.equals(scratch.body)).toBe(true);
      expect(model.length).toBe(scratch.body.length);
      // The parts that hold only rows before every changed one (and are not the last) are the
      // earlier version's, shared, not copies: at least those before the first touched row and
      // before the first row dated on or after the earliest changed row.
      const oldRows: Array<{ id: number; date: string }> = JSON.parse(before.body.toString('utf8'));
      const earliest = changed.reduce((min, l) => (l.date < min ? l.date : min), '9999-12-31');
      const bound = Math.min(
        ...[oldRows.findIndex((r) => touched.has(r.id)), oldRows.findIndex((r) => r.date >= earliest)].map((i) =>
          i < 0 ? oldRows.length : i,
        ),
      );
      const mustKeep = before.parts.slice(0, -1).filter((p) => p.first + p.count <= bound).length;
      let shared = 0;
      while (shared < model.parts.length && model.parts[shared] === before.parts[shared]) shared++;
      expect(shared).toBeGreaterThanOrEqual(mustKeep);
      expect(shared).toBeLessThan(before.parts.length);
      expect(model.version).toBe(String(round));
    }
    expect(JSON.parse(model.body.toString('utf8'))).toEqual(expected(current, 10_000));
  });

  describe('pages are slices of the register', () => {
    const next = seededRandom(7);
    const lines = randomLines(
      next,
      Array.from({ length: 250 }, (_, i) => i + 1),
    ).sort(byKey);
    const model = RegisterModel.build(head('9', 500), lines, { partBytes: 1500 });
    const all = expected(lines, 500);
    const positionOf = (i: number) => ({
      date: lines[i].date,
      createdMicros: String(lines[i].createdMicros),
      id: lines[i].id,
    });
    const page = (options: Parameters<RegisterModel['page']>[0]) => JSON.parse(model.page(options).toString('utf8'));

    it('no cursor: the newest `limit` rows, in register order, with the balances before them', () => {
      const p = page({ limit: 100 });
      expect(p.rows).toEqual(all.slice(150));
      expect(p.balance_before).toEqual({
        running: all[149].running,
        pending: all[149].pending,
        cleared: all[149].cleared,
      });
      expect(decodeCursor(p.prev_cursor)).toEqual(positionOf(150));
      expect(p.next_cursor).toBeNull();
      expect(p.total).toBe(250);
    });

    it('before and after walk the register both ways without gaps or overlaps', () => {
      const seen: unknown[] = [];
      let p = page({ limit: 60 });
      seen.unshift(...p.rows);
      while (p.prev_cursor) {
        p = page({ limit: 60, before: decodeCursor(p.prev_cursor)! });
        seen.unshift(...p.rows);
      }
      expect(seen).toEqual(all);
      expect(p.balance_before).toEqual({ running: 5, pending: 5, cleared: 5 });
      const forward: unknown[] = [...p.rows];
      while (p.next_cursor) {
        p = page({ limit: 60, after: decodeCursor(p.next_cursor)! });
        forward.push(...p.rows);
      }
      expect(forward).toEqual(all);
    });

    it('a cursor between rows (a row deleted since) still finds its place; past the end is empty', () => {
      const gap = { ...positionOf(100), id: lines[100].id + 0.5 };
      expect(page({ limit: 3, before: gap }).rows).toEqual(all.slice(98, 101));
      expect(page({ limit: 3, after: gap }).rows).toEqual(all.slice(101, 104));
      const end = page({ limit: 3, after: positionOf(249) });
      expect(end.rows).toEqual([]);
      expect(end.balance_before.running).toBe(all[249].running);
      expect(end.prev_cursor).toBeNull();
      expect(end.next_cursor).toBeNull();
      expect(page({ limit: 1, after: positionOf(0) }).prev_cursor).toBe(encodeCursor(positionOf(1)));
    });
  });
});
