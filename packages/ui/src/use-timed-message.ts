import { useCallback, useEffect, useRef, useState } from 'react';

export type MessageKind = 'success' | 'error';
export interface TimedMessage {
  text: string;
  kind: MessageKind;
}

/** Status and success messages clear after 3 seconds (spec section 9). */
export const MESSAGE_TIMEOUT_MS = 3000;

export function useTimedMessage(timeoutMs = MESSAGE_TIMEOUT_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback(
    (text: string, kind: MessageKind = 'success') => {
      if (timer.current) clearTimeout(timer.current);
      setMessage({ text, kind });
      timer.current = setTimeout(() => setMessage(null), timeoutMs);
    },
    [timeoutMs],
  );
  const clear = useCallback(() => setMessage(null), []);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return { message, show, clear };
}
