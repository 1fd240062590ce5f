import { useDisclosure } from '@hf/ui/use-disclosure';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A header dropdown (disclosure pattern): the button toggles a list of links; a click outside,
 * Escape or a navigation closes it.
 */
export function Dropdown({
  label,
  children,
  align = 'left',
  active = false,
}: {
  label: ReactNode;
  children: ReactNode;
  align?: 'left' | 'right';
  /** The current page is in this section: the toggle is highlighted like an active link. */
  active?: boolean;
}) {
  const { open, toggle, close, containerRef, buttonRef, panelId } = useDisclosure();
  const location = useLocation();

  useEffect(() => close(), [location.pathname, close]);

  return (
    <div className="hf-dropdown" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`hf-nav__link hf-dropdown__toggle${active ? ' hf-nav__link--active' : ''}`}
        aria-current={active ? 'true' : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {label}
        <span className="hf-dropdown__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul id={panelId} className={`hf-dropdown__menu hf-dropdown__menu--${align}`} onClick={close}>
          {children}
        </ul>
      )}
    </div>
  );
}
