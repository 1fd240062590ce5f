import { screen, waitFor } from '@testing-library/react';
import { renderWithStubs } from '@hf/app-kit/testing/harness';
import { UndoProvider, useUndo } from './undo';

function Writer() {
  const { record } = useUndo();
  return (
    <>
      <button type="button" onClick={() => record({ ids: [7], label: 'Transaction updated.' })}>
        Edit row 7
      </button>
      <button type="button" onClick={() => record({ ids: [8, 9], label: '2 transactions categorized.' })}>
        Categorize 8 and 9
      </button>
      <input aria-label="Notes" />
    </>
  );
}

const undone = { message: 'Change undone.', transactions: [] };

describe('UndoProvider', () => {
  it('the toast offers Undo for the change; Undo calls the row’s undo and tells the page', async () => {
    const onUndone = jest.fn();
    const { calls, user } = renderWithStubs(
      <UndoProvider onUndone={onUndone}>
        <Writer />
      </UndoProvider>,
      { 'POST /api/transactions/7/undo': undone },
    );
    await user.click(screen.getByRole('button', { name: 'Edit row 7' }));
    expect(screen.getByRole('status')).toHaveTextContent('Transaction updated.');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/transactions/7/undo']);
    expect(onUndone).toHaveBeenCalledTimes(1);
  });

  it('Ctrl+Z undoes the latest change (a bulk categorize: all its rows), then the one before', async () => {
    const { calls, user } = renderWithStubs(
      <UndoProvider>
        <Writer />
      </UndoProvider>,
      { 'POST /api/transactions/7/undo': undone, 'POST /api/transactions/undo': undone },
    );
    await user.click(screen.getByRole('button', { name: 'Edit row 7' }));
    await user.click(screen.getByRole('button', { name: 'Categorize 8 and 9' }));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ path: '/api/transactions/undo', body: { transaction_ids: [8, 9] } });
    await screen.findByText('Change undone.');
    await user.keyboard('{Meta>}z{/Meta}');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].path).toBe('/api/transactions/7/undo');
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no change of yours to undo here.');
    expect(calls).toHaveLength(2);
  });

  it('the server’s refusal is shown as it is; Ctrl+Z in a text field is the field’s own', async () => {
    const message = 'Sam changed this row after you, so your change cannot be undone.';
    const { calls, user } = renderWithStubs(
      <UndoProvider>
        <Writer />
      </UndoProvider>,
      { 'POST /api/transactions/7/undo': { status: 409, body: { message } } },
    );
    await user.click(screen.getByRole('button', { name: 'Edit row 7' }));
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
