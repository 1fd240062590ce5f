import type { Choice, ConfirmOptions, ConfirmResult, DialogRequests } from '@hf/app-kit';
import { ConfirmDialog, Modal } from '@hf/ui';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';

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
        <label className="hf-check hf-check--spaced">
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

function AlertDialog({ title, message, done }: { title: string; message: ReactNode; done: () => void }) {
  return (
    <Modal
      title={title}
      onClose={done}
      footer={
        <button type="button" data-autofocus className="hf-button hf-button--primary" onClick={done}>
          OK
        </button>
      }
    >
      <p role="alert">{message}</p>
    </Modal>
  );
}

/** Cancel (null) and one button per choice, the first one focused. */
function ChoiceDialog({
  title,
  message,
  choices,
  pick,
}: {
  title: string;
  message: ReactNode;
  choices: Choice[];
  pick: (value: string | null) => void;
}) {
  return (
    <Modal
      title={title}
      onClose={() => pick(null)}
      footer={
        <>
          <button type="button" className="hf-button" onClick={() => pick(null)}>
            Cancel
          </button>
          {choices.map((c, i) => (
            <button
              key={c.value}
              type="button"
              data-autofocus={i === 0 ? true : undefined}
              className={`hf-button${c.primary ? ' hf-button--primary' : ''}`}
              onClick={() => pick(c.value)}
            >
              {c.label}
            </button>
          ))}
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}

/** The dialog of a pending request; answering it closes it, then resolves the request's promise. */
function requestDialog(request: Request, close: () => void): ReactNode {
  if (request.kind === 'alert') {
    const done = () => {
      close();
      request.resolve();
    };
    return <AlertDialog title={request.title} message={request.message} done={done} />;
  }
  if (request.kind === 'confirm') {
    return (
      <ConfirmWithCheckbox
        options={request.options}
        resolve={(result) => {
          close();
          request.resolve(result);
        }}
      />
    );
  }
  const pick = (value: string | null) => {
    close();
    request.resolve(value);
  };
  return <ChoiceDialog title={request.title} message={request.message} choices={request.choices} pick={pick} />;
}

/**
 * Promise-returning dialogs for multi-step flows (the sub-category creation flow, the
 * zero-amount question, leaving cleared): `await dialogs.confirm(...)` inside an async handler.
 * Render `dialogs.element` once.
 */
export function useDialogs() {
  const [request, setRequest] = useState<Request | null>(null);

  const alert = useCallback(
    (title: string, message: ReactNode) =>
      new Promise<void>((resolve) => setRequest({ kind: 'alert', title, message, resolve })),
    [],
  );
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<ConfirmResult>((resolve) => setRequest({ kind: 'confirm', options, resolve })),
    [],
  );
  const choose = useCallback(
    (title: string, message: ReactNode, choices: Choice[]) =>
      new Promise<string | null>((resolve) => setRequest({ kind: 'choice', title, message, choices, resolve })),
    [],
  );

  const close = useCallback(() => setRequest(null), []);
  const element = request ? requestDialog(request, close) : null;

  return useMemo<Dialogs>(
    () => ({ element, alert, confirm, choose, isOpen: request !== null }),
    [element, alert, confirm, choose, request],
  );
}

export interface Dialogs extends DialogRequests {
  /** Render once, where the dialogs should appear. */
  element: ReactNode;
  isOpen: boolean;
}
