import { act, render, screen } from '@testing-library/react';
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

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="#behind">Behind the backdrop</a>
      {open && (
        <Modal
          title="Rename"
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button">Cancel</button>
              <button type="button" disabled>
                Save
              </button>
              <button type="button" hidden>
                Hidden
              </button>
            </>
          }
        >
          <input aria-label="Name" />
        </Modal>
      )}
    </>
  );
}

describe('Modal keeps the keyboard inside', () => {
  test('Tab and Shift+Tab cycle through its enabled controls only; Escape closes it and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const close = screen.getByRole('button', { name: 'Close' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(name).toHaveFocus();
    // Forward: Name, Cancel, then round to the × button (first in the dialog), Name again.
    const forward: HTMLElement[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      forward.push(document.activeElement as HTMLElement);
    }
    expect(forward).toEqual([cancel, close, name, cancel]);
    // Backward from Cancel: Name, ×, then round to Cancel (the last enabled, shown control).
    const backward: HTMLElement[] = [];
    for (let i = 0; i < 3; i++) {
      await user.tab({ shift: true });
      backward.push(document.activeElement as HTMLElement);
    }
    expect(backward).toEqual([name, close, cancel]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('focus moved behind the dialog by a script comes back to where it was inside', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    act(() => screen.getByRole('link', { name: 'Behind the backdrop' }).focus());
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  test('from the dialog box itself, Shift+Tab goes to its last control, not to the page behind', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    screen.getByRole('dialog').focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
