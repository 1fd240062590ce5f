import { useCallback, useEffect, useRef, useState } from 'react';

export type MessageKind = 'success' | 'error';
export interface TimedMessage {
  text: string;
  kind: MessageKind;
}

/** Status and success messages clear after 3 seconds (docs/rules/screens.md). */
export const MESSAGE_TIMEOUT_MS = 3000;

/** A value that goes back to null `timeoutMs` after it was last shown. */
export function useTimedValue<T>(timeoutMs: number) {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback(
    (next: T) => {
      if (timer.current) clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => setValue(null), timeoutMs);
    },
    [timeoutMs],
  );
  const clear = useCallback(() => setValue(null), []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { value, show, clear };
}

export function useTimedMessage(timeoutMs = MESSAGE_TIMEOUT_MS) {
  const { value: message, show: showMessage, clear } = useTimedValue<TimedMessage>(timeoutMs);
  const show = useCallback((text: string, kind: MessageKind = 'success') => showMessage({ text, kind }), [showMessage]);
  return { message, show, clear };
}
