import { useLayoutEffect } from 'react';

/**
 * The page opens at its top: the previous import page was scrolled down to its buttons, and the
 * window keeps its scroll position across a navigation (docs/rules/import.md, Screens).
 */
export function useTopOnOpen(): void {
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
