/**
 * The entry line's category suggestion (category-suggestion.ts) and the payee field's Tab, in
 * the whole register against stubbed routes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStubs, setToday, type StubHandler } from '@hf/app-kit/testing/harness';
import { makeRegisterRow } from './fake-register-server';
import { Register } from './Register';

const account = (id: number, name: string) => ({
  id,
  name,
  balance: 0,
  starting_balance: 0,
  is_default: id === 1,
  sort_order: id,
  cleared_balance: 0,
  pending_balance: 0,
});
const tree = [
  { id: 1, name: 'Food', parent_id: null, children: [{ id: 11, name: 'Groceries', parent_id: 1 }] },
  { id: 2, name: 'Utilities', parent_id: null, children: [] },
];
const none = { category_id: null, category_name: null, source: null, rule_id: null };
const suggestion: StubHandler = ({ query }) =>
  query.get('payee')?.toLowerCase() === 'grocer'
    ? { category_id: 11, category_name: 'Food: Groceries', source: 'history', rule_id: null }
    : query.get('payee') === 'Gas Co'
      ? { category_id: 2, category_name: 'Utilities', source: 'history', rule_id: null }
      : none;

function setup() {
  const rows = [makeRegisterRow({ id: 1, date: '2025-03-01', amount: -5, payee: 'Grocer' }, 0, 0, 0)];
  return renderWithStubs(<Register accountId={1} />, {
    'GET /api/accounts/': [account(1, 'Checking'), account(2, 'Savings')],
    'GET /api/categories/': tree,
    'GET /api/payees/': ['Grocer', 'Gas Co', 'Grocery Barn'],
    'GET /api/accounts/1/transactions': () => ({
      rows,
      balance_before: { running: 0, pending: 0, cleared: 0 },
      prev_cursor: null,
      next_cursor: null,
      total: rows.length,
    }),
    'GET /api/payees/suggestion': suggestion,
  });
}

const entryRow = () => screen.getByRole('row', { name: 'New transaction' });
const entry = (label: string) => within(entryRow()).getByLabelText(label) as HTMLInputElement;

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 800,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});
beforeEach(() => setToday('2025-03-15'));

describe('the entry line: payee Tab and the category suggestion', () => {
  it('Tab takes the payee highlighted with the arrows; the empty category shows the suggestion, marked', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByText('Grocer');
    await user.click(entry('Payee'));
    await user.keyboard('gro{ArrowDown}{Tab}');
    expect(entry('Payee')).toHaveValue('Grocer');
    await waitFor(() => expect(entry('Category')).toHaveValue('Food: Groceries'));
    expect(within(entryRow()).getByText('Suggested')).toBeInTheDocument();
    // The person changes it: no longer a suggestion, and a new payee does not replace it.
    await user.clear(entry('Category'));
    await user.type(entry('Category'), 'Utilities');
    expect(within(entryRow()).queryByText('Suggested')).toBeNull();
    await user.clear(entry('Payee'));
    await user.type(entry('Payee'), 'Nobody');
    await new Promise((r) => setTimeout(r, 400));
    expect(entry('Category')).toHaveValue('Utilities');
  });

  it('a changed payee replaces its suggestion, or clears it when the new payee has none', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'Gas Co');
    await waitFor(() => expect(entry('Category')).toHaveValue('Utilities'));
    await user.clear(entry('Payee'));
    await user.type(entry('Payee'), 'grocer');
    await waitFor(() => expect(entry('Category')).toHaveValue('Food: Groceries'));
    await user.clear(entry('Payee'));
    await user.type(entry('Payee'), 'Someone New');
    await waitFor(() => expect(entry('Category')).toHaveValue(''));
    expect(within(entryRow()).queryByText('Suggested')).toBeNull();
  });

  it('a category typed before the payee is kept; a transfer gets no suggestion', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByText('Grocer');
    await user.type(entry('Category'), 'Utilities');
    await user.type(entry('Payee'), 'Grocer');
    await new Promise((r) => setTimeout(r, 400));
    expect(entry('Category')).toHaveValue('Utilities');
    await user.clear(entry('Category'));
    await user.clear(entry('Payee'));
    await user.type(entry('Payee'), 'Savings');
    await new Promise((r) => setTimeout(r, 400));
    expect(entry('Category')).toHaveValue('-- Transfer --');
    expect(within(entryRow()).queryByText('Suggested')).toBeNull();
  });
});
