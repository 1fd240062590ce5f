import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import { CategoryManager } from './CategoryManager';

const baseTree = () => [
  { id: 1, name: 'Food', parent_id: null, children: [{ id: 11, name: 'Groceries', parent_id: 1 }] },
  { id: 2, name: 'Auto', parent_id: null, children: [] },
];

function rowOf(name: string) {
  return screen
    .getByText(name, { selector: '.ledger-category__name, .ledger-category__name button' })
    .closest('.ledger-category__row') as HTMLElement;
}

describe('CategoryManager', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the tree with expand/collapse and the top-level drop zone', async () => {
    stubFetch({ 'GET /api/categories/': baseTree() });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    expect(await screen.findByText('Groceries')).toBeInTheDocument();
    expect(screen.getByText('Drag a category here to make it a top-level item.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse Food' }));
    expect(screen.queryByText('Groceries')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand Food' }));
    expect(screen.getByText('Groceries')).toBeInTheDocument();
    // Sub-categories cannot take children: no "Add Sub-category" on them.
    expect(within(rowOf('Groceries')).queryByRole('button', { name: /Add Sub-category/ })).not.toBeInTheDocument();
    expect(within(rowOf('Groceries')).getByRole('button', { name: 'Merge Groceries' })).toBeInTheDocument();
  });

  it('moves a category with the keyboard: Space picks it up, arrows choose the parent (every press counts), Space drops, Escape puts back', async () => {
    const { calls } = stubFetch({
      'GET /api/categories/': baseTree(),
      'PUT /api/categories/11': { id: 11, name: 'Groceries', parent_id: null },
      'PUT /api/categories/2': { id: 2, name: 'Auto', parent_id: 1 },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Groceries');
    const handle = screen.getByRole('button', { name: 'Drag Groceries' });
    handle.focus();
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Picked up Groceries/)).toBeInTheDocument();
    // From its parent (Food): down to Auto, then up twice, fast, to the top level.
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(screen.getByText('Drag a category here to make it a top-level item.')).toHaveClass('is-over');
    await user.keyboard('{Escape}');
    expect(screen.getByText('Groceries was put back.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    screen.getByRole('button', { name: 'Drag Groceries' }).focus();
    await user.keyboard(' {ArrowUp}{ArrowUp}{ArrowUp} ');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/categories/11',
        body: { parent_id: null },
      }),
    );
    // A top-level category dropped on another top-level one becomes its child.
    screen.getByRole('button', { name: 'Drag Auto' }).focus();
    await user.keyboard(' {ArrowDown} ');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]).toMatchObject({
      path: '/api/categories/2',
      body: { parent_id: 1 },
    });
  });

  it('a parent with children over another category is shown as not allowed, and a drop there is explained', async () => {
    const { calls } = stubFetch({ 'GET /api/categories/': baseTree() });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Groceries');
    screen.getByRole('button', { name: 'Drag Food' }).focus();
    // Food's targets: the top level, then Auto.
    await user.keyboard(' {ArrowDown}');
    expect(rowOf('Auto')).toHaveClass('is-refused');
    expect(rowOf('Auto')).not.toHaveClass('is-over');
    expect(within(rowOf('Auto')).getByText('Not allowed here')).toBeInTheDocument();
    expect(screen.getByText(/^Auto: not allowed\./)).toBeInTheDocument();
    await user.keyboard(' ');
    const reason =
      '"Food" has sub-categories, so it cannot go inside "Auto": categories have at most two levels. Move its sub-categories out first.';
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByText(`Food was not moved. ${reason}`)).toBeInTheDocument();
    expect(rowOf('Auto')).not.toHaveClass('is-refused');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('adds a top-level category and ignores blank names', async () => {
    const { calls } = stubFetch({
      'GET /api/categories/': baseTree(),
      'POST /api/categories/': { id: 5, name: 'Rent', parent_id: null },
    });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Food');
    await user.type(screen.getByLabelText('New category name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(screen.getByLabelText('New category name'));
    await user.type(screen.getByLabelText('New category name'), 'Rent{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Rent' }));
    expect(screen.getByLabelText('New category name')).toHaveValue('');
  });

  it('shows "An error occurred." when adding fails without a server message', async () => {
    stubFetch({ 'GET /api/categories/': baseTree(), 'POST /api/categories/': { status: 500 } });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Food');
    await user.type(screen.getByLabelText('New category name'), 'Rent{Enter}');
    expect(await screen.findByText('An error occurred.')).toBeInTheDocument();
  });

  it('adds a sub-category through its modal', async () => {
    const { calls } = stubFetch({
      'GET /api/categories/': baseTree(),
      'POST /api/categories/': { id: 6, name: 'Tires', parent_id: 2 },
    });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Auto');
    await user.click(within(rowOf('Auto')).getByRole('button', { name: 'Add Sub-category to Auto' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Sub-category to Auto' });
    await user.type(within(dialog).getByLabelText('Sub-category name'), 'Tires');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Tires', parent_id: 2 }));
  });

  it('renames, and shows "Could not update category." on failure', async () => {
    const { calls } = stubFetch({ 'GET /api/categories/': baseTree(), 'PUT /api/categories/2': { status: 500 } });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Auto');
    await user.click(within(rowOf('Auto')).getByRole('button', { name: 'Edit Auto' }));
    const input = within(screen.getByRole('dialog', { name: 'Edit Category' })).getByLabelText('Category name');
    expect(input).toHaveValue('Auto');
    await user.clear(input);
    await user.type(input, 'Car{Enter}');
    expect(await screen.findByText('Could not update category.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Car' });
  });

  it('deletes after the spec confirmation; failure says "Could not delete category."', async () => {
    let fail = false;
    const { calls } = stubFetch({
      'GET /api/categories/': baseTree(),
      'DELETE /api/categories/*': () => (fail ? { status: 500 } : { message: 'ok' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Food');
    await user.click(within(rowOf('Food')).getByRole('button', { name: 'Delete Food' }));
    expect(
      screen.getByText('Are you sure you want to delete this category? Its children will become top-level categories.'),
    ).toBeInTheDocument();
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(rowOf('Food')).getByRole('button', { name: 'Delete Food' }));
    await user.keyboard('y');
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/categories/1'));
    fail = true;
    await user.click(within(rowOf('Auto')).getByRole('button', { name: 'Delete Auto' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete category.')).toBeInTheDocument();
  });

  it('merges: source, then destination, then the confirmation naming the source', async () => {
    const { calls } = stubFetch({
      'GET /api/categories/': baseTree(),
      'POST /api/categories/merge': { message: 'Merged.' },
    });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Food');
    await user.click(within(rowOf('Auto')).getByRole('button', { name: 'Merge Auto' }));
    expect(screen.getByRole('region', { name: 'Merge mode' })).toHaveTextContent(
      'Merge mode: select the category to merge Auto into.',
    );
    // The source itself is not a destination.
    expect(screen.queryByRole('button', { name: 'Auto' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Groceries' }));
    expect(
      screen.getByText(
        'This will re-assign all transactions and sub-categories. The "Auto" category will be deleted. This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    jest.useFakeTimers({ advanceTimers: true });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Categories merged successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/categories/merge')?.body).toEqual({ source_id: 2, destination_id: 11 });
    expect(screen.queryByRole('region', { name: 'Merge mode' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3100));
    expect(screen.queryByText('Categories merged successfully.')).not.toBeInTheDocument();
  });

  it('Cancel Merge leaves merge mode; a failed merge says "Could not merge categories."', async () => {
    stubFetch({ 'GET /api/categories/': baseTree(), 'POST /api/categories/merge': { status: 500 } });
    const user = userEvent.setup();
    renderWithProviders(<CategoryManager />);
    await screen.findByText('Food');
    await user.click(within(rowOf('Groceries')).getByRole('button', { name: 'Merge Groceries' }));
    await user.click(screen.getByRole('button', { name: 'Cancel Merge' }));
    expect(screen.queryByRole('region', { name: 'Merge mode' })).not.toBeInTheDocument();
    await user.click(within(rowOf('Groceries')).getByRole('button', { name: 'Merge Groceries' }));
    await user.click(screen.getByRole('button', { name: 'Auto' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Could not merge categories.')).toBeInTheDocument();
  });
});
