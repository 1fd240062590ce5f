import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import { BulkCategorizeModal, bulkResultMessage, parseSearchTerms } from './BulkCategorizeModal';

const tree = [{ id: 1, name: 'Food', parent_id: null, children: [{ id: 11, name: 'Groceries', parent_id: 1 }] }];
const results = [
  { id: 5, date: '2025-03-01', payee: 'Amazon', amount: -20, category_id: null, category_name: null },
  { id: 6, date: '2025-03-02', payee: 'Target', amount: -30, category_id: null, category_name: null },
];

function setup(routes: Record<string, unknown> = {}) {
  const stub = stubFetch({
    'GET /api/categories/': tree,
    'POST /api/transactions/search': results,
    ...(routes as Record<string, never>),
  });
  const onApplied = jest.fn();
  const onClose = jest.fn();
  const user = userEvent.setup();
  renderWithProviders(<BulkCategorizeModal accountId={3} onApplied={onApplied} onClose={onClose} />);
  return { ...stub, onApplied, onClose, user, dialog: screen.getByRole('dialog', { name: 'Bulk Categorize' }) };
}

describe('parseSearchTerms', () => {
  it('splits on commas and drops blanks', () => {
    expect(parseSearchTerms(' amazon, target ,, ')).toEqual(['amazon', 'target']);
    expect(parseSearchTerms('')).toEqual([]);
  });
});

describe('bulkResultMessage', () => {
  it.each([
    [3, 3, 'Update successful. 3 transactions selected, 3 changed.'],
    [1, 1, 'Update successful. 1 transaction selected, 1 changed.'],
    [3, 1, 'Update successful. 3 transactions selected, 1 changed (2 already had this category or are transfers).'],
    [2, 0, 'Update successful. 2 transactions selected, 0 changed (2 already had this category or are transfers).'],
    [2, undefined, 'Update successful. 2 transactions selected.'],
  ])('%s selected, %s changed', (selected, changed, text) => {
    expect(bulkResultMessage(selected, changed)).toBe(text);
  });
  it('says how many split rows were left as they are', () => {
    expect(bulkResultMessage(4, 2, 2)).toBe(
      'Update successful. 4 transactions selected, 2 changed. 2 split rows were left as they are.',
    );
    expect(bulkResultMessage(3, 1, 1)).toBe(
      'Update successful. 3 transactions selected, 1 changed (1 already had this category or is a transfer). 1 split row was left as it is.',
    );
  });
});

describe('BulkCategorizeModal', () => {
  it('searches by payees, selects all and applies a category', async () => {
    const { user, dialog, calls, onApplied } = setup({
      'PATCH /api/transactions/bulk_categorize': { message: '1 transaction categorized.', selected: 2, changed: 1 },
    });
    await user.type(within(dialog).getByLabelText('Payees (comma-separated)'), 'amazon, target');
    await user.click(within(dialog).getByLabelText('Uncategorized only'));
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Target')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/transactions/search')!.body).toEqual({
      account_id: 3,
      search_terms: ['amazon', 'target'],
      uncategorized_only: true,
    });
    await user.click(within(dialog).getByLabelText('Select all'));
    expect(within(dialog).getByText('2 selected')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Category'), 'food: gro');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findByText(
        'Update successful. 2 transactions selected, 1 changed (1 already had this category or is a transfer).',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/transactions/bulk_categorize')!.body).toEqual({
      transaction_ids: [5, 6],
      category_id: 11,
    });
    expect(onApplied).toHaveBeenCalled();
  });

  it('needs a category and at least one transaction', async () => {
    const { user, dialog, calls } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('Please select a category and at least one transaction.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByLabelText('Select Amazon 3/1/2025'));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('Please select a category and at least one transaction.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/transactions/bulk_categorize')).toHaveLength(0);
  });

  it('says "Failed to fetch transactions." when the search fails', async () => {
    const { user, dialog } = setup({ 'POST /api/transactions/search': { status: 500 } });
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Failed to fetch transactions.')).toBeInTheDocument();
  });

  it('reports apply failures: server message, "Failed to apply category.", network errors', async () => {
    let answer: unknown = { status: 400, body: { message: 'Too many.' } };
    const { user, dialog, fetchMock } = setup({ 'PATCH /api/transactions/bulk_categorize': () => answer });
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByLabelText('Select all'));
    await user.type(within(dialog).getByLabelText('Category'), 'Food');
    const apply = () => user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await apply();
    expect(await within(dialog).findByText('Too many.')).toBeInTheDocument();
    answer = { status: 500 };
    await apply();
    expect(await within(dialog).findByText('Failed to apply category.')).toBeInTheDocument();
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: string, init?: RequestInit) =>
      String(input).includes('bulk_categorize') ? Promise.reject(new TypeError('network')) : original(input, init),
    );
    await apply();
    await waitFor(() =>
      expect(within(dialog).getByText('An unknown error occurred during categorization.')).toBeInTheDocument(),
    );
  });
});
