import { FakeRegisterServer, generateRows } from './fake-register-server';
import { lowerBoundByDate, RegisterStore } from './register-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
async function untilLoaded(store: RegisterStore) {
  for (let i = 0; i < 200 && store.getState().prevCursor; i++) await settle();
}

describe('lowerBoundByDate', () => {
  it('finds the first row on or after a date', () => {
    const rows = [{ date: '2025-01-01' }, { date: '2025-01-02' }, { date: '2025-01-02' }, { date: '2025-01-05' }];
    expect(lowerBoundByDate(rows, '2025-01-02')).toBe(1);
    expect(lowerBoundByDate(rows, '2025-01-03')).toBe(3);
    expect(lowerBoundByDate(rows, '2024-12-31')).toBe(0);
    expect(lowerBoundByDate(rows, '2026-01-01')).toBe(4);
  });
});

describe('RegisterStore', () => {
  it('shows the newest page first, then prepends older pages until everything is loaded', async () => {
    const server = new FakeRegisterServer(generateRows(2500), 100);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 300, pageSize: 1000 });
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getState().rows.length));
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', total: 2500 });
    expect(server.requests[0]).toEqual({ limit: 300 });
    await untilLoaded(store);
    expect(seen).toEqual([300, 1300, 2300, 2500]);
    expect(store.getState().prepended).toBe(200);
    expect(store.getState().rows).toEqual(server.all());
  });

  it('after an edit re-reads only the tail from the affected date', async () => {
    const server = new FakeRegisterServer(generateRows(3000), 0);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 500, pageSize: 5000 });
    await store.start();
    await untilLoaded(store);
    const target = server.rows[2950];
    target.amount = -12345.67;
    server.rowsSent = 0;
    await store.refreshFrom(target.date);
    expect(store.getState().rows).toEqual(server.all());
    expect(server.rowsSent).toBeLessThan(120);
  });

  it('handles a row moved to an earlier date, an insert and a delete', async () => {
    const server = new FakeRegisterServer(generateRows(1200), 0);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 400, pageSize: 400 });
    await store.start();
    await untilLoaded(store);
    const moved = server.rows[1100];
    const oldDate = moved.date;
    moved.date = server.rows[600].date;
    await store.refreshFrom(moved.date < oldDate ? moved.date : oldDate);
    expect(store.getState().rows).toEqual(server.all());
    server.rows.push({ id: 5000, date: server.rows[1150].date, amount: 1, created: 10_000_000 });
    await store.refreshFrom(server.rows[1150].date);
    expect(store.getState().rows).toEqual(server.all());
    const removed = server.rows.splice(3, 1)[0];
    await store.refreshFrom(removed.date);
    expect(store.getState().rows).toEqual(server.all());
    expect(store.getState().total).toBe(1200);
  });

  it('an edit before the loaded rows reads back to the start', async () => {
    const server = new FakeRegisterServer(generateRows(1000), 0);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 100, loadAll: false });
    await store.start();
    server.rows[5].amount = 1;
    await store.refreshFrom(server.rows[5].date);
    expect(store.getState().rows).toEqual(server.all());
    expect(store.getState().prevCursor).toBeNull();
  });

  it('refreshAll swaps in every row at once', async () => {
    const server = new FakeRegisterServer(generateRows(700), 0);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 700 });
    await store.start();
    server.rows[1].payee = 'Changed';
    const lengths: number[] = [];
    store.subscribe(() => lengths.push(store.getState().rows.length));
    await store.refreshAll();
    expect(lengths).toEqual([700]);
    expect(store.getState().rows[1].payee).toBe('Changed');
  });

  it('patches a row optimistically', async () => {
    const server = new FakeRegisterServer(generateRows(10), 0);
    const store = new RegisterStore((q) => server.page(q));
    await store.start();
    store.patchRow(4, { status: 'x' });
    expect(store.getState().rows[3].status).toBe('x');
    expect(store.indexOf(4)).toBe(3);
  });

  it('reports a failed first page', async () => {
    const store = new RegisterStore(() => Promise.reject(new Error('down')));
    await expect(store.start()).rejects.toThrow('down');
    expect(store.getState().status).toBe('error');
  });

  it('serialises refreshes', async () => {
    const server = new FakeRegisterServer(generateRows(600), 0);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 600 });
    await store.start();
    server.rows[590].amount = 5;
    const a = store.refreshFrom(server.rows[590].date);
    server.rows[595].status = 'x';
    const b = store.refreshFrom(server.rows[595].date);
    await Promise.all([a, b]);
    expect(store.getState().rows).toEqual(server.all());
  });

  it('applies a written record at once: fields, and balance differences to this and later rows', async () => {
    const server = new FakeRegisterServer(generateRows(50), 100);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 50 });
    await store.start();
    const target = server.rows[20];
    target.amount = -0.1;
    target.status = 'x';
    target.payee = 'Edited';
    const record = server.all().find((r) => r.id === target.id)!;
    store.applyRecord({ ...record, running: undefined, pending: undefined, cleared: undefined } as never);
    // Same balances as the server computes, to the cent.
    expect(store.getState().rows).toEqual(server.all());
  });

  it('inserts a created row at once with continued balances', async () => {
    const server = new FakeRegisterServer(generateRows(60), 100);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 60 });
    await store.start();
    const date = server.rows[30].date;
    server.rows.push({ id: 999, date, amount: -7.77, status: 'p', created: 10_000_000 });
    const record = server.all().find((r) => r.id === 999)!;
    expect(store.insertRecord({ ...record, running: undefined, pending: undefined, cleared: undefined } as never)).toBe(
      true,
    );
    expect(store.getState().rows).toEqual(server.all());
    expect(store.getState().total).toBe(61);
    // Before every row of an empty-before register: from the starting balance.
    server.rows.push({ id: 1000, date: '2000-01-01', amount: 5, status: 'x', created: 10_000_001 });
    expect(store.insertRecord({ ...server.all()[0], running: 0, pending: 0, cleared: 0 } as never)).toBe(true);
    expect(store.getState().rows).toEqual(server.all());
  });

  it('cannot place a row before unloaded older rows', async () => {
    const server = new FakeRegisterServer(generateRows(100), 0);
    const store = new RegisterStore((q) => server.page(q), { firstPageSize: 10, loadAll: false });
    await store.start();
    expect(store.insertRecord({ ...server.all()[0], id: 5000, date: '2000-01-01' } as never)).toBe(false);
  });
});
