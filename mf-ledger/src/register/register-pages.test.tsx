import { startRegisterFirstPage } from '@hf/app-kit/ledger/register-start';
import { stubFetch } from '@hf/app-kit/testing/harness';
import { FIRST_PAGE_ROWS, OLDER_PAGE_ROWS, registerPages } from './hooks';
import type { RegisterPage } from './api';
import { RegisterStore } from './register-store';

const page = (ids: number[], prev: string | null) => ({ rows: ids.map((id) => ({ id })), prev_cursor: prev, total: 3 });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('access_token', 'tok');
});

describe('the register takes the first page a page load started', () => {
  it('uses the started answer for its first page and asks the server for the older ones', async () => {
    const { calls } = stubFetch({
      'GET /api/accounts/5/transactions': (call) =>
        call.query.get('before') === 'c1' ? page([1], null) : page([2, 3], 'c1'),
    });
    startRegisterFirstPage(5);
    const store = new RegisterStore(registerPages(5), { firstPageSize: FIRST_PAGE_ROWS, pageSize: OLDER_PAGE_ROWS });
    await store.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(calls.map((c) => `${c.query}`)).toEqual(['limit=400', 'limit=5000&before=c1']);
  });

  it('asks again when the started request failed, and asks the server on every later start', async () => {
    let answers = 0;
    const { calls } = stubFetch({
      'GET /api/accounts/5/transactions': () => (answers++ === 0 ? { status: 503, body: {} } : page([2, 3], null)),
    });
    startRegisterFirstPage(5);
    const store = new RegisterStore(registerPages(5), { firstPageSize: FIRST_PAGE_ROWS, pageSize: OLDER_PAGE_ROWS });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', total: 3 });
    await store.start();
    expect(calls.map((c) => `${c.query}`)).toEqual(['limit=400', 'limit=400', 'limit=400']);
  });

  it('starts ready with a first page it is given, and asks the server only for the older ones', async () => {
    const { calls } = stubFetch({ 'GET /api/accounts/5/transactions': page([1], null) });
    const store = new RegisterStore(registerPages(5), {
      firstPageSize: FIRST_PAGE_ROWS,
      pageSize: OLDER_PAGE_ROWS,
      // Only the fields the store reads.
      firstPage: page([2, 3], 'c1') as unknown as RegisterPage,
    });
    expect(store.getState()).toMatchObject({ status: 'ready', prevCursor: 'c1', total: 3 });
    expect(store.getState().rows.map((r) => r.id)).toEqual([2, 3]);
    await store.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(calls.map((c) => `${c.query}`)).toEqual(['limit=5000&before=c1']);
    // A later start (a reload) reads the newest page from the server again.
    await store.start();
    expect(calls.map((c) => `${c.query}`)).toEqual(['limit=5000&before=c1', 'limit=400']);
  });

  it('leaves the started page of another account alone', async () => {
    const { calls } = stubFetch({ 'GET /api/accounts/*': page([2, 3], null) });
    startRegisterFirstPage(6);
    const store = new RegisterStore(registerPages(5), { firstPageSize: FIRST_PAGE_ROWS, pageSize: OLDER_PAGE_ROWS });
    await store.start();
    expect(calls.map((c) => c.path)).toEqual(['/api/accounts/6/transactions', '/api/accounts/5/transactions']);
  });
});
