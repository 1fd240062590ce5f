import { anEnvelope } from '@hf/app-kit/testing/budget';
import { renderWithProviders, setToday, stubFetch, type FetchCall } from '@hf/app-kit/testing/harness';
import type { Envelope } from '@hf/contracts/budget';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EnvelopesPanel } from './EnvelopesPanel';

const envelope = (id: number, extra: Partial<Envelope>): Envelope =>
  anEnvelope({ id, account_id: 5, category_id: id, category_name: `Category ${id}`, ...extra });

let envelopes: Envelope[];

/** The account shell's part: a write changes the panel's refresh signal. */
function WithRefreshSignal() {
  const [signal, setSignal] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setSignal((n) => n + 1)}>
        Write
      </button>
      <EnvelopesPanel accountId={5} refreshSignal={signal} />
    </>
  );
}
const reads = (calls: FetchCall[]) => calls.filter((c) => c.path === '/api/budget/category/5/2026-11').length;

beforeEach(() => {
  setToday('2026-11-15');
  envelopes = [
    envelope(1, { category_name: 'Groceries', amount: 400, rollover: 100, spent: 125 }),
    envelope(2, { category_name: 'Dining', amount: 100, spent: 85 }),
    envelope(3, { category_name: 'Fun', amount: 50, spent: 70 }),
  ];
});
afterEach(() => jest.useRealTimers());

describe('EnvelopesPanel (account shell)', () => {
  it('Show lists the current month\u2019s envelopes with the amount left and the progress; Hide closes', async () => {
    const { calls } = stubFetch({ 'GET /api/budget/category/5/2026-11': () => envelopes });
    const user = userEvent.setup();
    renderWithProviders(<EnvelopesPanel accountId={5} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(reads(calls)).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const list = await screen.findByRole('list', { name: 'Envelopes of this month' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Groceries$375.00 left', 'Dining$15.00 left', 'Fun-$20.00 left']);
    expect(items.map((i) => i.getAttribute('data-tone'))).toEqual(['green', 'orange', 'red']);
    expect(within(items[0]).getByRole('progressbar', { name: 'Groceries remaining' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(within(items[2]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('no envelopes: a link to the Budget page; a failed read: "Could not fetch category budget data."', async () => {
    let fail = false;
    stubFetch({ 'GET /api/budget/category/5/2026-11': () => (fail ? { status: 500, body: {} } : []) });
    const user = userEvent.setup();
    renderWithProviders(<EnvelopesPanel accountId={5} />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/No envelopes for this month/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Budget' })).toHaveAttribute('href', '/budget');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch category budget data.');
  });

  it('refetches after a write in the shell (refresh signal) and after a budget change (shared query key)', async () => {
    const { calls } = stubFetch({ 'GET /api/budget/category/5/2026-11': () => envelopes });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<WithRefreshSignal />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText('$15.00 left');
    expect(reads(calls)).toBe(1);
    envelopes = envelopes.map((e) => (e.id === 2 ? { ...e, spent: 95 } : e));
    await user.click(screen.getByRole('button', { name: 'Write' }));
    expect(await screen.findByText('$5.00 left')).toBeInTheDocument();
    expect(reads(calls)).toBe(2);
    envelopes = envelopes.map((e) => (e.id === 2 ? { ...e, amount: 200 } : e));
    await act(() => queryClient.invalidateQueries({ queryKey: ['budget'] }));
    await waitFor(() => expect(screen.getByText('$105.00 left')).toBeInTheDocument());
  });
});
