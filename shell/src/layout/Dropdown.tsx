import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A header dropdown (disclosure pattern): the button toggles a list of links; a click outside,
 * Escape or a navigation closes it.
 */
export function Dropdown({ label, children, align = 'left' }: { label: ReactNode; children: ReactNode; align?: 'left' | 'right' }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="hf-dropdown" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="hf-nav__link hf-dropdown__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <span className="hf-dropdown__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul id={menuId} className={`hf-dropdown__menu hf-dropdown__menu--${align}`} onClick={() => setOpen(false)}>
          {children}
        </ul>
      )}
    </div>
  );
}
