import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '@hf/app-kit';
import { useTimedValue, type TimedMessage } from '@hf/ui';
import { historyApi } from './api';

/** A change the person made in the register that Undo can take back (decision 0128). */
export interface UndoableChange {
  /** The rows changed (one, or a bulk categorize's). */
  ids: number[];
  /** What the toast says: "Transaction deleted." */
  label: string;
}

/** How long the toast offers Undo. */
export const UNDO_TOAST_MS = 6000;
/** How many of the person's changes Ctrl+Z / Cmd+Z walks back through. */
const STACK_LIMIT = 20;

interface UndoContextValue {
  record: (change: UndoableChange) => void;
  /** Called after an undo changed rows (the register re-reads them). */
  setOnUndone: (fn: (() => void) | null) => void;
}

const UndoContext = createContext<UndoContextValue>({ record: () => undefined, setOnUndone: () => undefined });

/** The register's writes report their changes here (a no-op outside an UndoProvider). */
export const useUndo = () => useContext(UndoContext);

type Toast = { kind: 'offer'; change: UndoableChange } | { kind: 'message'; message: TimedMessage };

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Undo for an account's register: after an edit, delete, status change, move or bulk categorize
 * a toast offers "Undo" for a few seconds; Ctrl+Z / Cmd+Z (outside a text field) undoes the
 * person's latest register change while it is still the row's latest change, else the server's
 * message says why not (another member's change names them).
 */
export function UndoProvider({ children, onUndone }: { children: ReactNode; onUndone?: () => void }) {
  const stack = useRef<UndoableChange[]>([]);
  const toast = useTimedValue<Toast>(UNDO_TOAST_MS);
  const listener = useRef<(() => void) | null>(null);
  const onUndoneRef = useRef(onUndone);
  onUndoneRef.current = onUndone;
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const record = useCallback(
    (change: UndoableChange) => {
      stack.current = [...stack.current.slice(-(STACK_LIMIT - 1)), change];
      toast.show({ kind: 'offer', change });
    },
    [toast],
  );

  const undo = useCallback(
    async (change: UndoableChange) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      stack.current = stack.current.filter((c) => c !== change);
      try {
        if (change.ids.length === 1) await historyApi.undo(change.ids[0]);
        else await historyApi.undoMany(change.ids);
        toast.show({ kind: 'message', message: { kind: 'success', text: 'Change undone.' } });
        listener.current?.();
        onUndoneRef.current?.();
      } catch (err) {
        toast.show({
          kind: 'message',
          message: { kind: 'error', text: errorMessage(err, 'Could not undo the change.') },
        });
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [toast],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || event.shiftKey || event.altKey) return;
      if (!(event.ctrlKey || event.metaKey) || isEditable(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      const last = stack.current[stack.current.length - 1];
      if (!last) {
        toast.show({ kind: 'message', message: { kind: 'error', text: 'There is no change of yours to undo here.' } });
        return;
      }
      void undo(last);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toast, undo]);

  const value = useMemo<UndoContextValue>(
    () => ({
      record,
      setOnUndone: (fn) => {
        listener.current = fn;
      },
    }),
    [record],
  );

  const current = toast.value;
  return (
    <UndoContext.Provider value={value}>
      {children}
      {current?.kind === 'offer' ? (
        <div className="hf-status-slot" aria-live="polite">
          <div role="status" className="hf-status hf-status--success hf-status--toast hf-status--with-action">
            {current.change.label}{' '}
            <button
              type="button"
              className="hf-button ledger-button--small"
              disabled={busy}
              onClick={() => void undo(current.change)}
            >
              Undo
            </button>
          </div>
        </div>
      ) : (
        <div className="hf-status-slot" aria-live="polite">
          {current?.kind === 'message' && (
            // Over the foot of the page like a success: the register it is about may be long.
            <div
              role={current.message.kind === 'error' ? 'alert' : 'status'}
              className={`hf-status hf-status--${current.message.kind} hf-status--toast`}
            >
              {current.message.text}
            </div>
          )}
        </div>
      )}
    </UndoContext.Provider>
  );
}
