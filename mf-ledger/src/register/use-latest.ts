import { useLayoutEffect, useRef } from 'react';

/** Latest value in a ref, for stable callbacks and document listeners. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
