/* eslint-disable @typescript-eslint/no-explicit-any -- JSON request bodies seen by the fetch stub */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_KEYS } from '@hf/app-kit';
import { renderWithStubs, setToday, type StubRoutes } from '@hf/app-kit/testing/harness';
import type { RegisterRow } from './api';
import { makeRegisterRow } from './fake-register-server';
import { Register } from './Register';

const TODAY = '2025-03-15';
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

function row(id: number, date: string, amount: number, extra: Partial<RegisterRow> = {}): RegisterRow {
  return {
    ...makeRegisterRow({ id, date, amount, payee: `Payee ${id}` }, 100 + id, 50 + id, 25 + id),
    updated_at: `2025-01-01T00:00:0${id % 10}.000000Z`,
    ...extra,
  };
}

function page(rows: RegisterRow[]) {
  return {
    rows,
    balance_before: { running: 0, pending: 0, cleared: 0 },
    prev_cursor: null,
    next_cursor: null,
    total: rows.length,
  };
}

let rows: RegisterRow[];
function setup(extra: StubRoutes = {}) {
  return renderWithStubs(
    <Register accountId={1} />,
    {
      'GET /api/accounts/': [account(1, 'Checking'), account(2, 'Savings')],
      'GET /api/categories/': tree,
      'GET /api/payees/': ['Grocer', 'Gas Co'],
      'GET /api/accounts/1/transactions': () => page(rows),
    },
    extra,
  );
}

const entryRow = () => screen.getByRole('row', { name: 'New transaction' });
const entry = (label: string) => within(entryRow()).getByLabelText(label) as HTMLInputElement;
const rowOf = (payee: string) => screen.getByText(payee).closest('tr') as HTMLElement;

// jsdom has no layout: give the register's scroll container a size so the virtual list renders rows.
const sized = (el: HTMLElement, value: number) => (el.classList?.contains('ledger-register__scroll') ? value : 0);
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, 800);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, 1200);
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

beforeEach(() => {
  setToday(TODAY);
  localStorage.clear();
  sessionStorage.clear();
  rows = [
    row(1, '2025-02-27', -40),
    row(2, '2025-03-01', 1000, { is_budgeted: true, payee: 'Paycheck' }),
    row(3, '2025-03-10', -12.5, { status: 'x', payee: 'Grocer', category_id: 11, category_name: 'Food: Groceries' }),
    row(4, '2025-04-02', -80, { payee: 'Rent Co', status: '' }),
  ];
});
afterEach(() => jest.useRealTimers());

describe('Register: display', () => {
  it('shows the columns, rows, balances, month and today separators', async () => {
    setup();
    expect(await screen.findByText('Grocer')).toBeInTheDocument();
    for (const label of [
      'Date',
      'Payee',
      'Payment',
      'Deposit',
      'Balance',
      'Pending Bal',
      'Cleared Bal',
      'Status',
      'Category',
      'Notes',
    ]) {
      expect(screen.getByRole('columnheader', { name: label })).toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByText('February 2025')).toBeInTheDocument();
    expect(screen.getByText('March 2025')).toBeInTheDocument();
    expect(screen.getByText('April 2025')).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    const grocer = rowOf('Grocer');
    expect(grocer).toHaveTextContent('3/10/2025');
    expect(grocer).toHaveTextContent('$12.50');
    expect(grocer).toHaveTextContent('$103.00');
    expect(grocer).toHaveTextContent('Food: Groceries');
    expect(rowOf('Paycheck')).toHaveClass('is-budgeted');
    expect(rowOf('Grocer')).toHaveClass('is-manual');
    // Today sits between the March 10 row and the April row.
    const order = Array.from(document.querySelectorAll('tbody tr')).map((tr) => tr.textContent);
    expect(order.findIndex((t) => t === 'Today')).toBeGreaterThan(order.findIndex((t) => t?.includes('Grocer')));
    expect(order.findIndex((t) => t === 'Today')).toBeLessThan(order.findIndex((t) => t?.includes('Rent Co')));
  });

  it('says "Could not fetch page data." when the rows fail', async () => {
    setup({ 'GET /api/accounts/1/transactions': { status: 500 } });
    expect(await screen.findByText('Could not fetch page data.')).toBeInTheDocument();
  });

  it('moves the entry line and remembers the position', async () => {
    const { user } = setup();
    await screen.findByText('Grocer');
    expect(entryRow().closest('thead')).not.toBeNull();
    await user.selectOptions(screen.getByLabelText('Entry line'), 'footer');
    expect(entryRow().closest('tfoot')).not.toBeNull();
    expect(localStorage.getItem('ledger.entryLinePosition')).toBe('footer');
    await user.selectOptions(screen.getByLabelText('Entry line'), 'inline');
    expect(entryRow().closest('tbody')).not.toBeNull();
    expect(entryRow().previousElementSibling).toHaveTextContent('Today');
  });
});

describe('Register: entry line', () => {
  it('date keys step the date', async () => {
    const { user } = setup();
    await screen.findByText('Grocer');
    const date = entry('Date');
    expect(date).toHaveValue('3/15/2025');
    await user.click(date);
    await user.keyboard('+');
    expect(date).toHaveValue('3/16/2025');
    await user.keyboard('-');
    await user.keyboard('-');
    expect(date).toHaveValue('3/14/2025');
    await user.keyboard('{PageUp}');
    expect(date).toHaveValue('4/14/2025');
    await user.keyboard('{PageDown}{PageDown}');
    expect(date).toHaveValue('2/14/2025');
    await user.keyboard('t');
    expect(date).toHaveValue('3/15/2025');
    await user.keyboard('=');
    expect(date).toHaveValue('3/16/2025');
  });

  it('Enter in a field submits; the form resets keeping the date and focus returns to the date', async () => {
    const { user, calls } = setup({
      'POST /api/accounts/1/transactions': ({ body }: { body: any }) => {
        rows = [...rows, row(9, body.date, body.amount, { payee: body.payee })];
        return { ...rows[rows.length - 1] };
      },
    });
    await screen.findByText('Grocer');
    await user.clear(entry('Date'));
    await user.type(entry('Date'), '3/12');
    await user.type(entry('Payee'), 'Coffee Shop');
    await user.type(entry('Payment'), '4.75');
    await user.type(entry('Notes'), 'latte{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2025-03-12',
      payee: 'Coffee Shop',
      amount: -4.75,
      status: '',
      notes: 'latte',
      category_id: null,
    });
    expect(await screen.findByText('Coffee Shop')).toBeInTheDocument();
    await waitFor(() => expect(entry('Date')).toHaveFocus());
    expect(entry('Date')).toHaveValue('3/12/2025');
    expect(entry('Payee')).toHaveValue('');
    expect(entry('Payment')).toHaveValue(null);
    expect(rowOf('Coffee Shop')).toHaveClass('is-highlighted');
  });

  it('requires a payee', async () => {
    const { user, calls } = setup();
    await screen.findByText('Grocer');
    await user.type(entry('Payment'), '5{Enter}');
    expect(await screen.findByText('Payee is required.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks about a zero amount, and not again once told so for the session', async () => {
    const { user, calls } = setup({ 'POST /api/accounts/1/transactions': () => ({ ...row(9, TODAY, 0) }) });
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'Nothing{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to create a transaction with a zero amount?');
    await user.keyboard('n');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(entry('Payee'), '{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByLabelText("Don't ask again during this session"));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(sessionStorage.getItem(SESSION_KEYS.suppressZeroAmountWarning)).toBe('1');
    await user.type(entry('Payee'), 'Again{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a payee naming another account makes a transfer with the direction from the net', async () => {
    const { user, calls } = setup({
      'POST /api/accounts/transfer': ({ body }: { body: any }) => ({
        message: 'ok',
        transfer_id: 1,
        from_transaction: { ...row(20, body.date, -body.amount), account_id: body.from_account_id },
        to_transaction: { ...row(21, body.date, body.amount), account_id: body.to_account_id },
      }),
    });
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'savings');
    expect(entry('Category')).toHaveValue('-- Transfer --');
    expect(entry('Category')).toBeDisabled();
    expect(entry('Transfer account')).toHaveValue('2');
    await user.type(entry('Payment'), '50{Enter}');
    await waitFor(() => expect(calls.find((c) => c.path === '/api/accounts/transfer')).toBeTruthy());
    expect(calls.find((c) => c.path === '/api/accounts/transfer')!.body).toEqual({
      from_account_id: 1,
      to_account_id: 2,
      amount: 50,
      date: TODAY,
      notes: '',
      status: '',
    });
    await user.type(entry('Payee'), 'Savings');
    await user.type(entry('Deposit'), '20{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/accounts/transfer')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/accounts/transfer')[1].body).toMatchObject({
      from_account_id: 2,
      to_account_id: 1,
      amount: 20,
    });
  });

  it('a transfer needs a destination; a failed transfer shows the server message or "Transfer failed."', async () => {
    const { user, calls } = setup({ 'POST /api/accounts/transfer': { status: 500 } });
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'Someone');
    await user.type(entry('Category'), '-- Transfer --');
    await user.type(entry('Payment'), '5{Enter}');
    expect(await screen.findByText('Please select a valid account for the transfer.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.selectOptions(entry('Transfer account'), '2');
    await user.type(entry('Payment'), '{Enter}');
    expect(await screen.findByText('Transfer failed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/accounts/transfer')).toHaveLength(1);
  });

  it('completes the category inline; Tab accepts; a colon starts the sub-category', async () => {
    const { user } = setup();
    await screen.findByText('Grocer');
    const category = entry('Category');
    await user.type(category, 'ut');
    expect(category).toHaveValue('utilities');
    expect([category.selectionStart, category.selectionEnd]).toEqual([2, 9]);
    expect(screen.getByRole('listbox', { name: 'Category suggestions' })).toBeInTheDocument();
    await user.clear(category);
    await user.type(category, 'Food:');
    expect(category).toHaveValue('Food: Groceries');
    // A colon typed over a shown completion accepts the parent first.
    await user.clear(category);
    await user.type(category, 'Fo:');
    expect(category).toHaveValue('Food: Groceries');
    expect([category.selectionStart, category.selectionEnd]).toEqual([5, 15]);
    await user.tab();
    expect(category).toHaveValue('Food: Groceries');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('an unknown parent blocks with the spec message', async () => {
    const { user, calls } = setup();
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'Vet');
    await user.type(entry('Payment'), '30');
    await user.type(entry('Category'), 'Pets: Vet{Enter}');
    expect(
      await screen.findByText(
        'The parent category Pets does not exist. Please create it as a top-level category before adding a sub-category to it.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('an unknown child is created under its parent after a confirmation', async () => {
    const { user, calls } = setup({
      'POST /api/categories/': { id: 12, name: 'Snacks', parent_id: 1 },
      'POST /api/accounts/1/transactions': () => ({ ...row(9, TODAY, -3) }),
    });
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'Corner Store');
    await user.type(entry('Payment'), '3');
    await user.type(entry('Category'), 'Food: Snacks{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The sub-category "Snacks" does not exist under "Food". Do you want to create it?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/accounts/1/transactions' && c.method === 'POST')).toBeTruthy(),
    );
    expect(calls.find((c) => c.path === '/api/categories/' && c.method === 'POST')!.body).toEqual({
      name: 'Snacks',
      parent_id: 1,
    });
    expect(calls.find((c) => c.path === '/api/accounts/1/transactions' && c.method === 'POST')!.body.category_id).toBe(
      12,
    );
  });

  it('an unknown top-level name offers the closest match', async () => {
    const { user, calls } = setup({ 'POST /api/accounts/1/transactions': () => ({ ...row(9, TODAY, -3) }) });
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'Power Co');
    await user.type(entry('Payment'), '60');
    const category = entry('Category');
    // Typed with a typo so no completion applies.
    fireEvent.change(category, { target: { value: 'Utilites' } });
    fireEvent.keyDown(category, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The category "Utilites" does not exist. Did you mean "Utilities"?');
    await user.click(within(dialog).getByRole('button', { name: 'Use "Utilities"' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body.category_id).toBe(2));
  });
});

describe('Register: row editing', () => {
  it('a click on a cell edits that field; Enter saves only what changed', async () => {
    const { user, calls } = setup({
      'PUT /api/transactions/1': ({ body }: { body: any }) => {
        rows = rows.map((r) => (r.id === 1 ? { ...r, payee: body.payee } : r));
        return rows[0];
      },
    });
    await screen.findByText('Payee 1');
    await user.click(screen.getByText('Payee 1'));
    const editor = screen.getByRole('row', { name: 'Editing transaction' });
    expect(within(editor).getByLabelText('Payee')).toHaveFocus();
    // The actions are laid over the rows, not a column that appears (the table does not re-flow).
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(editor).getByRole('group', { name: 'Row actions' })).toBeInTheDocument();
    for (const name of ['Save', 'Move', 'Delete', 'Cancel'])
      expect(within(editor).getByRole('button', { name })).toBeInTheDocument();
    await user.clear(within(editor).getByLabelText('Payee'));
    await user.type(within(editor).getByLabelText('Payee'), 'Bookshop{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ payee: 'Bookshop', updated_at: rows[0].updated_at });
    expect(await screen.findByText('Bookshop')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Editing transaction' })).not.toBeInTheDocument();
    expect(rowOf('Bookshop')).toHaveClass('is-highlighted');
  });

  it('Cancel closes the editor; a failed save says "Failed to update transaction."', async () => {
    const { user, calls } = setup({ 'PUT /api/transactions/1': { status: 500 } });
    await screen.findByText('Payee 1');
    await user.click(screen.getByText('$40.00'));
    const editor = screen.getByRole('row', { name: 'Editing transaction' });
    expect(within(editor).getByLabelText('Payment')).toHaveFocus();
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('row', { name: 'Editing transaction' })).not.toBeInTheDocument();
    await user.click(screen.getByText('$40.00'));
    await user.clear(within(screen.getByRole('row', { name: 'Editing transaction' })).getByLabelText('Payment'));
    await user.type(
      within(screen.getByRole('row', { name: 'Editing transaction' })).getByLabelText('Payment'),
      '41{Enter}',
    );
    expect(await screen.findByText('Failed to update transaction.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ amount: -41 });
  });

  it('a cleared row is locked until unlocked', async () => {
    const { user } = setup();
    await screen.findByText('Grocer');
    await user.click(screen.getByText('Grocer'));
    const editor = screen.getByRole('row', { name: 'Editing transaction' });
    expect(within(editor).getByLabelText('Payment')).toBeDisabled();
    expect(within(editor).getByLabelText('Deposit')).toBeDisabled();
    expect(within(editor).getByLabelText('Status')).toBeDisabled();
    await user.click(within(editor).getByRole('button', { name: 'Unlock to edit amount' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlock' }));
    expect(within(editor).getByLabelText('Payment')).toBeEnabled();
    expect(within(editor).getByLabelText('Status')).toBeEnabled();
    expect(within(editor).queryByRole('button', { name: 'Unlock to edit amount' })).not.toBeInTheDocument();
  });

  it('delete asks first: n and Escape keep the row, y deletes', async () => {
    const { user, calls } = setup({
      'PATCH /api/transactions/1/delete': () => {
        rows = rows.filter((r) => r.id !== 1);
        return { message: 'ok' };
      },
    });
    await screen.findByText('Payee 1');
    await user.click(screen.getByText('Payee 1'));
    const editor = screen.getByRole('row', { name: 'Editing transaction' });
    await user.click(within(editor).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete Transaction' })).toBeInTheDocument();
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/delete'))).toHaveLength(0);
    await user.click(within(editor).getByRole('button', { name: 'Delete' }));
    await user.keyboard('y');
    await waitFor(() => expect(screen.queryByText('Payee 1')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/transactions/1/delete')).toHaveLength(1);
  });

  it('says "Could not delete the transaction." when deleting fails', async () => {
    const { user } = setup({ 'PATCH /api/transactions/1/delete': { status: 500 } });
    await screen.findByText('Payee 1');
    await user.click(screen.getByText('Payee 1'));
    await user.click(
      within(screen.getByRole('row', { name: 'Editing transaction' })).getByRole('button', { name: 'Delete' }),
    );
    await user.keyboard('y');
    expect(await screen.findByText('Could not delete the transaction.')).toBeInTheDocument();
  });

  it('moves a cleared row after an extra confirmation and closes 2 s after completing', async () => {
    const { user, calls } = setup({
      'PATCH /api/transactions/3/move': () => {
        rows = rows.filter((r) => r.id !== 3);
        return { message: 'ok' };
      },
    });
    await screen.findByText('Grocer');
    await user.click(screen.getByText('Grocer'));
    await user.click(
      within(screen.getByRole('row', { name: 'Editing transaction' })).getByRole('button', { name: 'Move' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Move Transaction' });
    expect(within(dialog).getByLabelText('Destination account')).toHaveValue('2');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(dialog).toHaveTextContent('This transaction is cleared. Are you sure you want to move it to Savings?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Move It' }));
    expect(await within(dialog).findByText('Transaction moved to Savings.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/transactions/3/move')!.body).toEqual({ destination_account_id: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.queryByText('Grocer')).not.toBeInTheDocument();
  });

  it('a failed move shows "Error: " and the server message, else "Could not move transaction."', async () => {
    let body: unknown = { message: 'Not allowed.' };
    const { user } = setup({ 'PATCH /api/transactions/1/move': () => ({ status: 400, body }) });
    await screen.findByText('Payee 1');
    await user.click(screen.getByText('Payee 1'));
    await user.click(
      within(screen.getByRole('row', { name: 'Editing transaction' })).getByRole('button', { name: 'Move' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Error: Not allowed.')).toBeInTheDocument();
    body = undefined;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Could not move transaction.')).toBeInTheDocument();
  });
});

describe('Register: clearing mode', () => {
  it('p and x set the status, arrows and Enter move, Escape leaves', async () => {
    const { user, calls } = setup({
      'PATCH /api/transactions/*': ({ path, body }: { path: string; body: any }) => {
        const id = Number(path.split('/')[3]);
        rows = rows.map((r) => (r.id === id ? { ...r, status: body.status } : r));
        return rows.find((r) => r.id === id);
      },
    });
    await screen.findByText('Grocer');
    await user.click(screen.getByRole('button', { name: 'Clearing Mode' }));
    // Starts on the last row dated today or earlier.
    expect(rowOf('Grocer')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowUp}');
    expect(rowOf('Paycheck')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('p');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/transactions/2/status')?.body).toEqual({ status: 'p' }),
    );
    await waitFor(() => expect(within(rowOf('Paycheck')).getByText('P')).toBeInTheDocument());
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(rowOf('Payee 1')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('x');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/transactions/1/status')?.body).toEqual({ status: 'x' }),
    );
    await user.keyboard('{Enter}{ArrowDown}');
    expect(rowOf('Grocer')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Clearing Mode' })).toHaveAttribute('aria-pressed', 'false');
    expect(rowOf('Grocer')).not.toHaveAttribute('aria-current');
  });

  it('leaving cleared asks, and "Don\'t ask again during this session" turns on correction mode', async () => {
    const { user, calls } = setup({
      'PATCH /api/transactions/3/status': ({ body }: { body: any }) => {
        rows = rows.map((r) => (r.id === 3 ? { ...r, status: body.status } : r));
        return rows[2];
      },
    });
    await screen.findByText('Grocer');
    await user.click(screen.getByRole('button', { name: 'Clearing Mode' }));
    await user.keyboard('{Backspace}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to change its status?');
    await user.click(within(dialog).getByLabelText("Don't ask again during this session"));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/transactions/3/status')?.body).toEqual({ status: '' }),
    );
    expect(sessionStorage.getItem(SESSION_KEYS.clearedCorrectionMode)).toBe('1');
    await user.keyboard('x');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/transactions/3/status')).toHaveLength(2));
    await user.keyboard('p');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/transactions/3/status')).toHaveLength(3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('x on a future row offers to date it today and clear it', async () => {
    const { user, calls } = setup({
      'PUT /api/transactions/4': ({ body }: { body: any }) => {
        rows = rows.map((r) => (r.id === 4 ? { ...r, date: body.date, status: body.status } : r));
        return rows[3];
      },
    });
    await screen.findByText('Rent Co');
    await user.click(screen.getByRole('button', { name: 'Clearing Mode' }));
    await user.keyboard('{ArrowDown}');
    expect(rowOf('Rent Co')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('x');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'This transaction is dated 4/2/2025, in the future. Set its date to today and mark it cleared?',
    );
    await user.keyboard('y');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        date: TODAY,
        status: 'x',
        updated_at: rows[3].updated_at,
      }),
    );
  });

  it('a failed status change says "Failed to update status." and reloads', async () => {
    const { user, calls } = setup({ 'PATCH /api/transactions/3/status': { status: 500 } });
    await screen.findByText('Grocer');
    await user.click(screen.getByRole('button', { name: 'Clearing Mode' }));
    await user.keyboard('{ArrowUp}p');
    expect(await screen.findByText('Failed to update status.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/accounts/1/transactions').length).toBeGreaterThan(1),
    );
    expect(within(rowOf('Paycheck')).queryByText('P')).not.toBeInTheDocument();
  });

  it('a click outside the register leaves clearing mode', async () => {
    const { user } = setup();
    await screen.findByText('Grocer');
    await user.click(screen.getByRole('button', { name: 'Clearing Mode' }));
    expect(screen.getByRole('button', { name: 'Exit Clearing Mode' })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.getByRole('button', { name: 'Clearing Mode' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('Register: timers', () => {
  it('the new-row highlight fades after about 2.5 s', async () => {
    const { user } = setup({
      'POST /api/accounts/1/transactions': ({ body }: { body: any }) => {
        rows = [...rows, row(9, body.date, body.amount, { payee: body.payee })];
        return rows[rows.length - 1];
      },
    });
    await screen.findByText('Grocer');
    await user.type(entry('Payee'), 'Quick');
    await user.type(entry('Payment'), '1{Enter}');
    expect(await screen.findByText('Quick')).toBeInTheDocument();
    expect(rowOf('Quick')).toHaveClass('is-highlighted');
    await act(() => new Promise((r) => setTimeout(r, 2600)));
    expect(rowOf('Quick')).not.toHaveClass('is-highlighted');
  });
});

describe('Register: mobile (768 px or less)', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width: 768px'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows stacked rows and a stacked entry form with "Add Transaction"', async () => {
    const { user, calls } = setup({
      'POST /api/accounts/1/transactions': ({ body }: { body: any }) => {
        rows = [...rows, row(9, body.date, body.amount, { payee: body.payee })];
        return rows[rows.length - 1];
      },
    });
    const item = (await screen.findByText('Grocer')).closest('li') as HTMLElement;
    expect(item).toHaveTextContent('3/10/2025');
    expect(item).toHaveTextContent('-$12.50');
    expect(item).toHaveTextContent('Food: Groceries');
    expect(item).toHaveTextContent('Balance $103.00');
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Entry line')).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New transaction' });
    await user.type(within(form).getByLabelText('Payee'), 'Bakery');
    await user.type(within(form).getByLabelText('Payment'), '6');
    await user.click(within(form).getByRole('button', { name: 'Add Transaction' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ payee: 'Bakery', amount: -6 }),
    );
    expect(await screen.findByText('Bakery')).toBeInTheDocument();
  });

  it('a tap on a row opens the editor with Save, Move, Delete and Cancel', async () => {
    const { user, calls } = setup({ 'PUT /api/transactions/1': () => rows[0] });
    await user.click((await screen.findByText('Payee 1')).closest('button')!);
    const dialog = screen.getByRole('dialog', { name: 'Edit Transaction' });
    for (const name of ['Save', 'Move', 'Delete', 'Cancel'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Notes'), 'hi{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ notes: 'hi', updated_at: rows[0].updated_at }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('clearing mode offers P / X / Clear on each row: a tap sets the status as the keys do', async () => {
    const { user, calls } = setup({
      'PATCH /api/transactions/*': ({ path, body }: { path: string; body: any }) => {
        const id = Number(path.split('/')[3]);
        rows = rows.map((r) => (r.id === id ? { ...r, status: body.status } : r));
        return rows.find((r) => r.id === id);
      },
    });
    const item = (await screen.findByText('Paycheck')).closest('li') as HTMLElement;
    expect(within(item).queryByRole('button', { name: 'Mark pending' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clearing Mode' }));
    expect(screen.getByRole('note')).toHaveTextContent(
      'Clearing mode: tap P (pending), X (cleared) or Clear (none) on a row.',
    );
    const group = within(item).getByRole('group', { name: 'Status of Paycheck, 3/1/2025' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Mark pending', 'Mark cleared', 'Clear status']);
    await user.click(within(group).getByRole('button', { name: 'Mark pending' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/transactions/2/status')?.body).toEqual({ status: 'p' }),
    );
    expect(item).toHaveAttribute('aria-current', 'true');
    await waitFor(() =>
      expect(within(group).getByRole('button', { name: 'Mark pending' })).toHaveAttribute('aria-pressed', 'true'),
    );
    // Clearing a cleared row asks first, as Delete does.
    const grocer = (await screen.findByText('Grocer')).closest('li') as HTMLElement;
    await user.click(within(grocer).getByRole('button', { name: 'Clear status' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to change its status?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/transactions/3/status')?.body).toEqual({ status: '' }),
    );
    expect(screen.getByRole('button', { name: 'Exit Clearing Mode' })).toBeInTheDocument();
  });
});

describe('Register: the view keeps its place (the width crosses 768 px, older pages arrive)', () => {
  // A switchable media query, and scroll containers that scroll (jsdom has no layout).
  let mobile = false;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  beforeEach(() => {
    mobile = false;
    window.matchMedia = ((query: string) => ({
      get matches() {
        return query.includes('max-width: 768px') && mobile;
      },
      media: query,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })) as unknown as typeof window.matchMedia;
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return sized(this, 1_000_000);
      },
    });
    HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    } as typeof HTMLElement.prototype.scrollTo;
    // 300 rows before today: the register opens at its bottom, far from the oldest row.
    rows = Array.from({ length: 300 }, (_, i) => row(i + 1, i < 150 ? '2025-01-10' : '2025-03-01', -1));
  });
  afterEach(() => {
    window.matchMedia = original;
    listeners.clear();
    delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
    delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
  });
  const switchTo = (next: boolean) =>
    act(() => {
      mobile = next;
      listeners.forEach((l) => l());
    });
  const scroller = () => document.querySelector<HTMLElement>('.ledger-register__scroll')!;

  it('the other layout opens where the view stood: at today, or at the row the user scrolled to', async () => {
    setup();
    await waitFor(() => expect(screen.getByText('Today')).toBeInTheDocument());
    expect(screen.queryByText('Payee 1')).not.toBeInTheDocument();
    const desktopTop = scroller().scrollTop;
    expect(desktopTop).toBeGreaterThan(5000);

    switchTo(true);
    await waitFor(() => expect(scroller()).toHaveClass('ledger-register__scroll--mobile'));
    await waitFor(() => expect(screen.getByText('Today')).toBeInTheDocument());
    expect(scroller().scrollTop).toBeGreaterThan(desktopTop);
    expect(screen.queryByText('Payee 1')).not.toBeInTheDocument();

    switchTo(false);
    await waitFor(() => expect(scroller()).not.toHaveClass('ledger-register__scroll--mobile'));
    await waitFor(() => expect(screen.getByText('Today')).toBeInTheDocument());
    expect(scroller().scrollTop).toBe(desktopTop);

    // The user scrolls up to January: the other layout shows the same rows.
    act(() => scroller().scrollTo({ top: 34 * 100 }));
    await waitFor(() => expect(screen.getByText('Payee 100')).toBeInTheDocument());
    expect(screen.queryByText('Today')).not.toBeInTheDocument();
    switchTo(true);
    await waitFor(() => expect(scroller()).toHaveClass('ledger-register__scroll--mobile'));
    await waitFor(() => expect(screen.getByText('Payee 100')).toBeInTheDocument());
    expect(screen.queryByText('Payee 1')).not.toBeInTheDocument();
    expect(screen.queryByText('Today')).not.toBeInTheDocument();
  });

  it('an older page of the same month as the loaded rows keeps the view at today', async () => {
    // 450 rows, all in March: the first page (400) and the older one (50) start in the same month.
    rows = Array.from({ length: 450 }, (_, i) =>
      row(i + 1, `2025-03-${String(1 + Math.floor(i / 40)).padStart(2, '0')}`, -1),
    );
    let releaseOlder = () => undefined as void;
    const older = new Promise<void>((resolve) => (releaseOlder = resolve));
    renderWithStubs(<Register accountId={1} />, {
      'GET /api/accounts/': [account(1, 'Checking')],
      'GET /api/categories/': tree,
      'GET /api/payees/': [],
      'GET /api/accounts/1/transactions': async ({ query }: { query: URLSearchParams }) => {
        const before = query.get('before');
        if (!before) return { ...page(rows.slice(50)), prev_cursor: '51', total: 450 };
        await older;
        return { ...page(rows.slice(0, 50)), total: 450 };
      },
    });
    await waitFor(() => expect(screen.getByText('Today')).toBeInTheDocument());
    const top = scroller().scrollTop;
    expect(top).toBeGreaterThan(5000);
    await act(async () => releaseOlder());
    await waitFor(() => expect(screen.getByText('450 transactions')).toBeInTheDocument());
    // The browser reports the prepend's scroll asynchronously; jsdom does not.
    act(() => void scroller().dispatchEvent(new Event('scroll')));
    expect(scroller().scrollTop).toBe(top + 50 * 34);
    await waitFor(() => expect(screen.getByText('Today')).toBeInTheDocument());
  });
});
