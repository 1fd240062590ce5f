import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, Modal } from '@hf/ui';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** An optional checkbox under the message ("Don't ask again during this session"). */
  checkboxLabel?: string;
}
export interface ConfirmResult {
  ok: boolean;
  checked: boolean;
}
export interface Choice {
  value: string;
  label: string;
  primary?: boolean;
}

type Request =
  | { kind: 'alert'; title: string; message: ReactNode; resolve: () => void }
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (result: ConfirmResult) => void }
  | { kind: 'choice'; title: string; message: ReactNode; choices: Choice[]; resolve: (value: string | null) => void };

function ConfirmWithCheckbox({ options, resolve }: { options: ConfirmOptions; resolve: (r: ConfirmResult) => void }) {
  // Read when the dialog is answered; the checkbox itself keeps its state.
  const checked = useRef(false);
  return (
    <ConfirmDialog
      title={options.title}
      message={options.message}
      confirmLabel={options.confirmLabel ?? 'Yes'}
      cancelLabel={options.cancelLabel ?? 'No'}
      destructive={options.destructive}
      onConfirm={() => resolve({ ok: true, checked: checked.current })}
      onCancel={() => resolve({ ok: false, checked: checked.current })}
    >
      {options.checkboxLabel && (
        <label className="ledger-checkbox">
          <input
            type="checkbox"
            onChange={(e) => {
              checked.current = e.target.checked;
            }}
          />
          <span>{options.checkboxLabel}</span>
        </label>
      )}
    </ConfirmDialog>
  );
}

/**
 * Promise-returning dialogs for multi-step flows (the sub-category creation flow, the
 * zero-amount question, leaving cleared): `await dialogs.confirm(...)` inside an async handler.
 * Render `dialogs.element` once.
 */
export function useDialogs() {
  const [request, setRequest] = useState<Request | null>(null);

  const alert = useCallback(
    (title: string, message: ReactNode) => new Promise<void>((resolve) => setRequest({ kind: 'alert', title, message, resolve })),
    [],
  );
  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<ConfirmResult>((resolve) => setRequest({ kind: 'confirm', options, resolve })),
    [],
  );
  const choose = useCallback(
    (title: string, message: ReactNode, choices: Choice[]) =>
      new Promise<string | null>((resolve) => setRequest({ kind: 'choice', title, message, choices, resolve })),
    [],
  );

  const close = useCallback(() => setRequest(null), []);
  let element: ReactNode = null;
  if (request?.kind === 'alert') {
    const done = () => {
      close();
      request.resolve();
    };
    element = (
      <Modal
        title={request.title}
        onClose={done}
        footer={
          <button type="button" data-autofocus className="hf-button hf-button--primary" onClick={done}>
            OK
          </button>
        }
      >
        <p role="alert">{request.message}</p>
      </Modal>
    );
  } else if (request?.kind === 'confirm') {
    element = (
      <ConfirmWithCheckbox
        options={request.options}
        resolve={(result) => {
          close();
          request.resolve(result);
        }}
      />
    );
  } else if (request?.kind === 'choice') {
    const pick = (value: string | null) => {
      close();
      request.resolve(value);
    };
    element = (
      <Modal
        title={request.title}
        onClose={() => pick(null)}
        footer={
          <>
            <button type="button" className="hf-button" onClick={() => pick(null)}>
              Cancel
            </button>
            {request.choices.map((c, i) => (
              <button key={c.value} type="button" data-autofocus={i === 0 ? true : undefined} className={`hf-button${c.primary ? ' hf-button--primary' : ''}`} onClick={() => pick(c.value)}>
                {c.label}
              </button>
            ))}
          </>
        }
      >
        <p>{request.message}</p>
      </Modal>
    );
  }

  return useMemo(() => ({ element, alert, confirm, choose, isOpen: request !== null }), [element, alert, confirm, choose, request]);
}

export type Dialogs = ReturnType<typeof useDialogs>;
