import { screen, waitFor } from '@testing-library/react';
import { renderWithStubs, setToday } from '@hf/app-kit/testing/harness';
import ActivityPage, { BAD_SINCE, sinceInstant } from './ActivityPage';

const empty = { changes: [], next_before: null, members: [] };

describe('Activity page: Since', () => {
  beforeEach(() => setToday('2025-03-15'));
  afterEach(() => jest.useRealTimers());

  const historyCalls = (calls: Array<{ method: string; path: string; query: URLSearchParams }>) =>
    calls.filter((c) => c.method === 'GET' && c.path === '/api/history');

  it('a date typed in the app’s formats asks for the changes from that local day; cleared asks for all', async () => {
    const { calls, user } = renderWithStubs(<ActivityPage />, { 'GET /api/history': empty, 'GET /api/accounts': [] });
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(1));
    expect(historyCalls(calls)[0].query.get('since')).toBeNull();
    const since = screen.getByRole('textbox', { name: 'Since' });
    await user.type(since, '3/1{Enter}');
    expect(since).toHaveValue('3/1/2025');
    await waitFor(() => expect(historyCalls(calls).at(-1)!.query.get('since')).toBe(sinceInstant('2025-03-01')));
    expect(new Date(sinceInstant('2025-03-01')).getDate()).toBe(1);
    // A date key steps the day and applies it at once.
    await user.keyboard('-');
    expect(since).toHaveValue('2/28/2025');
    await waitFor(() => expect(historyCalls(calls).at(-1)!.query.get('since')).toBe(sinceInstant('2025-02-28')));
    await user.clear(since);
    await user.tab();
    await waitFor(() => expect(historyCalls(calls).at(-1)!.query.get('since')).toBeNull());
  });

  it('a date that cannot be read is refused in words and asks nothing', async () => {
    const { calls, user } = renderWithStubs(<ActivityPage />, { 'GET /api/history': empty, 'GET /api/accounts': [] });
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(1));
    const since = screen.getByRole('textbox', { name: 'Since' });
    await user.type(since, '2/30/2025');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(BAD_SINCE);
    expect(since).toHaveAttribute('aria-invalid', 'true');
    expect(historyCalls(calls)).toHaveLength(1);
    await user.clear(since);
    await user.type(since, '3/2/2025{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(historyCalls(calls).at(-1)!.query.get('since')).toBe(sinceInstant('2025-03-02')));
  });
});
