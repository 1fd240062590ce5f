import { useEffect, useId, useRef, type ReactNode } from 'react';
import { wrapTab } from './focus-trap';

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Extra keys handled while the modal is open (e.g. y / n). Return true when handled. */
  onKey?: (event: KeyboardEvent) => boolean;
  wide?: boolean;
}

/** Open modals, innermost last: only the innermost one answers keys (a dialog opened from a dialog). */
const openModals: object[] = [];

/**
 * A dialog layered above the page, the one implementation every dialog of the app uses: Escape and
 * the × button close it; focus moves inside, Tab and Shift+Tab cycle inside it (focus-trap.ts), and
 * focus goes back to what opened it on close. When a dialog opens another, keys (Escape, Tab,
 * y / n) go to the innermost one only.
 */
export function Modal({ title, onClose, children, footer, onKey, wide }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Callers often pass inline callbacks; keep the latest in refs so focus is set once, on open.
  const onCloseRef = useRef(onClose);
  const onKeyRef = useRef(onKey);
  onCloseRef.current = onClose;
  onKeyRef.current = onKey;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // The default control (data-autofocus: Enter answers with it) wins over earlier fields and buttons.
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.hf-modal__close)');
    (first ?? ref.current)?.focus();
    const token = {};
    openModals.push(token);
    const onKeyDown = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== token) return;
      if (onKeyRef.current?.(event)) {
        event.preventDefault();
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (!event.defaultPrevented && ref.current && wrapTab(event, ref.current)) event.preventDefault();
    };
    // Focus that lands behind the dialog some other way (a script, the browser restoring focus)
    // goes back to where it was inside.
    let lastInside: HTMLElement | null = first ?? ref.current;
    const onFocusIn = (event: FocusEvent) => {
      const dialog = ref.current;
      if (openModals[openModals.length - 1] !== token || !dialog) return;
      const target = event.target as HTMLElement;
      if (dialog.contains(target)) lastInside = target;
      else (lastInside?.isConnected ? lastInside : dialog).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      openModals.splice(openModals.indexOf(token), 1);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      // Back to the opener when it is still on the page (a deleted row's button is not: its
      // screen moves focus on itself).
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <div className="hf-modal__backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`hf-modal${wide ? ' hf-modal--wide' : ''}`}
      >
        <div className="hf-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="hf-modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="hf-modal__body">{children}</div>
        {footer && <div className="hf-modal__footer">{footer}</div>}
      </div>
    </div>
  );
}
