import { INACTIVITY_LIMIT_MS } from '@hf/app-kit';
import { useEffect } from 'react';

/** Activity that resets the inactivity timer (docs/rules/households.md). */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

/**
 * Calls `onInactive` once after `limitMs` without activity while `enabled`. Activity only
 * stamps a time (mousemove fires often); the single timer re-arms itself for what is left.
 */
export function useInactivityLogout(
  enabled: boolean,
  onInactive: () => void,
  limitMs: number = INACTIVITY_LIMIT_MS,
): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= limitMs) onInactive();
      else timer = setTimeout(check, limitMs - idle);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    timer = setTimeout(check, limitMs);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [enabled, onInactive, limitMs]);
}
