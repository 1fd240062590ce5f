import {
  registerAccountOf,
  startRegisterFirstPage,
  takeArrivedRegisterFirstPage,
  takeRegisterFirstPage,
} from './ledger/register-start';
import { noteEventSequence, resetEventSequence } from './api';
import { STARTED_REQUEST_MAX_AGE_MS, startRequest, takeArrivedRequest, takeStartedRequest } from './start-requests';
import { stubFetch } from './testing/harness';

beforeEach(() => {
  resetEventSequence();
  localStorage.clear();
  localStorage.setItem('access_token', 'tok');
});

afterEach(() => jest.useRealTimers());

describe('started requests', () => {
  it('sends the request at once, with the session, and hands its answer over once', async () => {
    const { calls } = stubFetch({
      'GET /api/accounts/7/transactions': { rows: [{ id: 1 }], prev_cursor: null, total: 1 },
    });
    startRequest('/accounts/7/transactions', { limit: 400 });
    expect(calls).toHaveLength(1);
    expect(calls[0].query.get('limit')).toBe('400');
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    const answer = takeStartedRequest('/accounts/7/transactions', { limit: 400 });
    await expect(answer).resolves.toEqual({ rows: [{ id: 1 }], prev_cursor: null, total: 1 });
    expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('hands nothing over for another path or query', () => {
    stubFetch({ 'GET /api/accounts/7/transactions': { rows: [] } });
    startRequest('/accounts/7/transactions', { limit: 400 });
    expect(takeStartedRequest('/accounts/8/transactions', { limit: 400 })).toBeNull();
    expect(takeStartedRequest('/accounts/7/transactions', { limit: 5000 })).toBeNull();
    expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).not.toBeNull();
  });

  it('hands nothing over once it is too old, or after a write of this tab', () => {
    stubFetch({ 'GET /api/accounts/7/transactions': { rows: [] } });
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    startRequest('/accounts/7/transactions', { limit: 400 });
    jest.setSystemTime(Date.now() + STARTED_REQUEST_MAX_AGE_MS + 1);
    expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();

    startRequest('/accounts/7/transactions', { limit: 400 });
    noteEventSequence('12');
    expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
  });

  it('hands a failure over as the failure (the taker asks again), never as an unhandled rejection', async () => {
    stubFetch({ 'GET /api/accounts/7/transactions': { status: 503, body: { message: 'down' } } });
    startRequest('/accounts/7/transactions', { limit: 400 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).rejects.toMatchObject({ status: 503 });
  });
});

describe('arrived requests', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('hands an answer over at once when it has arrived, once; before that it stays for takeStartedRequest', async () => {
    stubFetch({ 'GET /api/accounts/7/transactions': { rows: [{ id: 1 }], prev_cursor: null, total: 1 } });
    startRequest('/accounts/7/transactions', { limit: 400 });
    expect(takeArrivedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
    await settle();
    expect(takeArrivedRequest('/accounts/8/transactions', { limit: 400 })).toBeNull();
    expect(takeArrivedRequest('/accounts/7/transactions', { limit: 400 })).toEqual({
      value: { rows: [{ id: 1 }], prev_cursor: null, total: 1 },
    });
    expect(takeArrivedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
    expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();

    startRequest('/accounts/7/transactions', { limit: 400 });
    expect(takeArrivedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
    await expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).resolves.toEqual({
      rows: [{ id: 1 }],
      prev_cursor: null,
      total: 1,
    });
  });

  it('leaves a failure to takeStartedRequest, and hands nothing over after a write of this tab or once too old', async () => {
    let answers = 0;
    stubFetch({
      'GET /api/accounts/7/transactions': () => (answers++ === 0 ? { status: 503, body: {} } : { rows: [] }),
    });
    startRequest('/accounts/7/transactions', { limit: 400 });
    await settle();
    expect(takeArrivedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
    await expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).rejects.toMatchObject({ status: 503 });

    startRequest('/accounts/7/transactions', { limit: 400 });
    await settle();
    noteEventSequence('12');
    expect(takeArrivedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
    expect(takeStartedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();

    startRequest('/accounts/7/transactions', { limit: 400 });
    await settle();
    jest.useFakeTimers({ now: Date.now() + STARTED_REQUEST_MAX_AGE_MS + 1 });
    expect(takeArrivedRequest('/accounts/7/transactions', { limit: 400 })).toBeNull();
  });
});

describe('the register first page at start-up', () => {
  it('reads the account of a register path only', () => {
    expect(registerAccountOf('/accounts/12/register')).toBe(12);
    expect(registerAccountOf('/accounts/12/register/')).toBe(12);
    for (const path of [
      '/accounts/12',
      '/accounts/12/reconcile',
      '/accounts/0/register',
      '/accounts/x/register',
      '/accounts/99999999999/register',
    ])
      expect(registerAccountOf(path)).toBeNull();
  });

  it('asks for the newest 400 rows, which the register of that account takes', async () => {
    const { calls } = stubFetch({ 'GET /api/accounts/12/transactions': { rows: [], prev_cursor: null, total: 0 } });
    startRegisterFirstPage(12);
    expect(calls.map((c) => `${c.path}?${c.query}`)).toEqual(['/api/accounts/12/transactions?limit=400']);
    expect(takeRegisterFirstPage(13)).toBeNull();
    await expect(takeRegisterFirstPage(12)).resolves.toEqual({ rows: [], prev_cursor: null, total: 0 });
  });

  it('hands the first page over at once once it has arrived', async () => {
    stubFetch({ 'GET /api/accounts/12/transactions': { rows: [{ id: 4 }], prev_cursor: 'c4', total: 9 } });
    startRegisterFirstPage(12);
    expect(takeArrivedRegisterFirstPage(12)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeArrivedRegisterFirstPage(13)).toBeNull();
    expect(takeArrivedRegisterFirstPage(12)).toEqual({ rows: [{ id: 4 }], prev_cursor: 'c4', total: 9 });
    expect(takeRegisterFirstPage(12)).toBeNull();
  });
});
