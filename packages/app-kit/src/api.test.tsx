import {
  EVENT_SEQUENCE_HEADER as CONTRACT_EVENT_SEQUENCE,
  MIN_SEQUENCE_HEADER as CONTRACT_MIN_SEQUENCE,
} from '@hf/contracts';
import {
  apiDownload,
  apiFetch,
  EVENT_SEQUENCE_HEADER,
  filenameFromContentDisposition,
  lastEventSequence,
  MIN_SEQUENCE_HEADER,
  noteEventSequence,
  readModelStaleTime,
  resetEventSequence,
  saveDownloadedFile,
} from './api';
import { stubFetch } from './testing/harness';

/** jsdom's Blob has no text(). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

beforeEach(() => {
  resetEventSequence();
  localStorage.clear();
});

describe('read-your-writes', () => {
  it('uses the header names of the contracts', () => {
    expect(EVENT_SEQUENCE_HEADER.toLowerCase()).toBe(CONTRACT_EVENT_SEQUENCE);
    expect(MIN_SEQUENCE_HEADER.toLowerCase()).toBe(CONTRACT_MIN_SEQUENCE);
  });

  it('sends no X-Min-Sequence before any write answered with a sequence', async () => {
    const { calls } = stubFetch({ 'GET /api/reports/spending_by_category': [] });
    await apiFetch('/reports/spending_by_category');
    expect(calls[0].headers[MIN_SEQUENCE_HEADER]).toBeUndefined();
  });

  it('remembers the highest x-event-sequence and sends it on GETs of read models and on every svc-budget call', async () => {
    let sequence = '41';
    const { calls } = stubFetch({
      'PUT /api/transactions/7': () => ({ status: 200, body: { id: 7 }, headers: { 'X-Event-Sequence': sequence } }),
      'GET /api/reports/spending_by_category': [],
      'GET /api/dashboard/widgets': {},
      'GET /api/accounts/': [],
      'POST /api/reports/anything': {},
      'POST /api/accounts/': {},
      'GET /api/budget/3': [],
      'POST /api/budget/category': {},
      'POST /api/budget/3': {},
      'PUT /api/budget/9': {},
      'DELETE /api/budget/category/5': {},
      'POST /api/budget/autofill': {},
      'POST /api/budget/goals': {},
    });
    await apiFetch('/transactions/7', { method: 'PUT', body: { notes: 'x' } });
    expect(lastEventSequence()).toBe(41);
    sequence = '12'; // an older answer never lowers it
    await apiFetch('/transactions/7', { method: 'PUT', body: { notes: 'y' } });
    expect(lastEventSequence()).toBe(41);

    await apiFetch('/reports/spending_by_category', { query: { start_date: '2026-01-01' } });
    await apiFetch('/dashboard/widgets');
    await apiFetch('/accounts/');
    await apiFetch('/reports/anything', { method: 'POST', body: {} });
    await apiFetch('/accounts/', { method: 'POST', body: {} });
    await apiFetch('/budget/3');
    // svc-budget's writes read its mirror of the ledger (the category or account just created).
    await apiFetch('/budget/category', { method: 'POST', body: {} });
    await apiFetch('/budget/3', { method: 'POST', body: {} });
    await apiFetch('/budget/9', { method: 'PUT', body: {} });
    await apiFetch('/budget/category/5', { method: 'DELETE', query: { month: '2026-11' } });
    await apiFetch('/budget/autofill', { method: 'POST', body: {} });
    await apiFetch('/budget/goals', { method: 'POST', body: {} });
    const sent = (path: string, method = 'GET') =>
      calls.find((c) => c.path === path && c.method === method)!.headers[MIN_SEQUENCE_HEADER];
    expect(sent('/api/reports/spending_by_category')).toBe('41');
    expect(sent('/api/dashboard/widgets')).toBe('41');
    expect(sent('/api/budget/3')).toBe('41');
    for (const [method, path] of [
      ['POST', '/api/budget/category'],
      ['POST', '/api/budget/3'],
      ['PUT', '/api/budget/9'],
      ['DELETE', '/api/budget/category/5'],
      ['POST', '/api/budget/autofill'],
      ['POST', '/api/budget/goals'],
    ]) {
      expect([method, path, sent(path, method)]).toEqual([method, path, '41']);
    }
    // The ledger's own calls and svc-reports' writes read no mirror.
    expect(sent('/api/accounts/')).toBeUndefined();
    expect(sent('/api/accounts/', 'POST')).toBeUndefined();
    expect(sent('/api/reports/anything', 'POST')).toBeUndefined();
  });

  it('takes the sequence from failed answers too, and ignores values that are not numbers', async () => {
    stubFetch({
      'PUT /api/transactions/7': { status: 409, body: { message: 'changed' }, headers: { 'x-event-sequence': '9' } },
    });
    await expect(apiFetch('/transactions/7', { method: 'PUT', body: {} })).rejects.toMatchObject({
      status: 409,
      serverMessage: 'changed',
    });
    expect(lastEventSequence()).toBe(9);
    for (const bad of ['', 'abc', '-3', '1e9', '12.5', null]) noteEventSequence(bad);
    expect(lastEventSequence()).toBe(9);
    noteEventSequence(' 10 ');
    expect(lastEventSequence()).toBe(10);
  });
});

describe('readModelStaleTime', () => {
  it('keeps data fetched after the last write fresh for 5 s, and makes older data stale at once', () => {
    resetEventSequence();
    const before = { state: { dataUpdatedAt: Date.now() } };
    expect(readModelStaleTime(before)).toBe(5_000);
    jest.spyOn(Date, 'now').mockReturnValue(before.state.dataUpdatedAt + 1);
    try {
      noteEventSequence('41');
      expect(readModelStaleTime(before)).toBe(0);
      expect(readModelStaleTime({ state: { dataUpdatedAt: before.state.dataUpdatedAt + 2 } })).toBe(5_000);
      noteEventSequence('40'); // not higher: not a new write
      expect(readModelStaleTime({ state: { dataUpdatedAt: before.state.dataUpdatedAt + 2 } })).toBe(5_000);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('file downloads', () => {
  it('reads the file name from Content-Disposition', () => {
    expect(
      filenameFromContentDisposition('attachment; filename="spending_by_category_2026-01-01_2026-01-31.csv"'),
    ).toBe('spending_by_category_2026-01-01_2026-01-31.csv');
    expect(
      filenameFromContentDisposition('attachment; filename="a.csv"; filename*=UTF-8\'\'caf%C3%A9%20report.csv'),
    ).toBe('café report.csv');
    expect(filenameFromContentDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });

  it('fetches the file with the Bearer token and answers the bytes and the name', async () => {
    localStorage.setItem('access_token', 'tok');
    const { calls } = stubFetch({
      'GET /api/reports/spending_by_payee': {
        status: 200,
        body: 'name,value\r\nGrocer,12.50\r\n',
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="payees.csv"',
        },
      },
    });
    const file = await apiDownload('/reports/spending_by_payee', {
      query: { format: 'csv', start_date: '2026-01-01' },
    });
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(calls[0].query.get('format')).toBe('csv');
    expect(file.filename).toBe('payees.csv');
    expect(await blobText(file.blob)).toBe('name,value\r\nGrocer,12.50\r\n');
  });

  it('a failed download throws with the server message', async () => {
    stubFetch({
      'GET /api/reports/spending_by_payee': {
        status: 400,
        body: { message: 'The start date must be on or before the end date.' },
      },
    });
    await expect(apiDownload('/reports/spending_by_payee')).rejects.toMatchObject({
      serverMessage: 'The start date must be on or before the end date.',
    });
  });

  it('saves through an object URL and a download link', () => {
    const createObjectURL = jest.fn(() => 'blob:file');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { download: string; href: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href });
    });
    jest.useFakeTimers();
    try {
      saveDownloadedFile({ blob: new Blob(['x']), filename: null }, 'report.csv');
      expect(clicked).toEqual([{ download: 'report.csv', href: 'blob:file' }]);
      expect(document.querySelector('a[download]')).toBeNull();
      jest.runAllTimers();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:file');
    } finally {
      jest.useRealTimers();
      click.mockRestore();
    }
  });
});
