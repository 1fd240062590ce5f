import { useCallback, type ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/** A confirmation: `y` confirms, `n` declines, Escape closes (docs/rules/screens.md). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  destructive,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox') return false;
      if (event.key === 'y' || event.key === 'Y') {
        onConfirm();
        return true;
      }
      if (event.key === 'n' || event.key === 'N') {
        onCancel();
        return true;
      }
      return false;
    },
    [onConfirm, onCancel],
  );
  return (
    <Modal
      title={title}
      onClose={onCancel}
      onKey={onKey}
      footer={
        <>
          {/* The default (focused, Enter) button: the affirmative one, except for destructive actions. */}
          <button
            type="button"
            data-autofocus={destructive ? true : undefined}
            className="hf-button"
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            data-autofocus={destructive ? undefined : true}
            className={`hf-button ${destructive ? 'hf-button--danger' : 'hf-button--primary'}`}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
      {children}
    </Modal>
  );
}
