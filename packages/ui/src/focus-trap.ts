/**
 * Keeping the keyboard inside a modal dialog (docs/rules/screens.md, dialogs): Tab from the last
 * control goes to the first, Shift+Tab from the first to the last, and focus that is outside the
 * dialog (the dialog box itself, or the page behind) comes back in.
 */

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(', ');

/** Controls of `container` that Tab stops at, in document order (hidden and disabled ones left out). */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest('[hidden], [inert]') &&
      // checkVisibility skips display: none and visibility: hidden (absent in jsdom: treated as shown).
      (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true })),
  );
}

/**
 * Tab or Shift+Tab inside `container`: at either end (or from outside it) focus wraps round.
 * Returns true when it moved focus itself (the caller prevents the browser's move).
 */
export function wrapTab(event: Pick<KeyboardEvent, 'key' | 'shiftKey'>, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const list = tabbables(container);
  const active = document.activeElement as HTMLElement | null;
  if (list.length === 0) {
    container.focus();
    return true;
  }
  const first = list[0];
  const last = list[list.length - 1];
  const inside = active !== null && active !== container && container.contains(active);
  if (!inside || (event.shiftKey ? active === first : active === last)) {
    (event.shiftKey ? last : first).focus();
    return true;
  }
  return false;
}
