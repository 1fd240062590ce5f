import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';

function Nested({ onOuterClose, onConfirm }: { onOuterClose: () => void; onConfirm: () => void }) {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return (
    <>
      {outer && (
        <Modal
          title="Edit Transaction"
          onClose={() => {
            setOuter(false);
            onOuterClose();
          }}
        >
          <button type="button" onClick={() => setInner(true)}>
            Delete
          </button>
          {inner && (
            <ConfirmDialog
              title="Delete?"
              message="Delete this transaction?"
              onConfirm={onConfirm}
              onCancel={() => setInner(false)}
            />
          )}
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('Escape in a dialog opened from a dialog closes only the inner one; the next Escape closes the outer', async () => {
    const user = userEvent.setup();
    const onOuterClose = jest.fn();
    render(<Nested onOuterClose={onOuterClose} onConfirm={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Transaction' })).toBeInTheDocument();
    expect(onOuterClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit Transaction' })).not.toBeInTheDocument();
    expect(onOuterClose).toHaveBeenCalledTimes(1);
  });

  it('y in the inner confirmation confirms it and nothing else', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onOuterClose = jest.fn();
    render(<Nested onOuterClose={onOuterClose} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('y');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOuterClose).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog default button', () => {
  test('the affirmative button has focus, so Enter confirms ("Create Category?")', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        title="Create Category?"
        message="Create it?"
        confirmLabel="Create"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  test('a destructive confirmation keeps Cancel as the default', () => {
    render(
      <ConfirmDialog
        title="Delete?"
        message="Delete it?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        destructive
        onConfirm={jest.fn()}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
