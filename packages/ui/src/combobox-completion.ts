import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The selected inline completion: after a render with `value`, the text from `start` to the end
 * is selected (so typing replaces it). Also tells whether the end of the input is such a
 * selection, and accepts it (caret to the end).
 */
export function useCompletionSelection(input: RefObject<HTMLInputElement | null>, value: string) {
  const pendingSelection = useRef<{ value: string; start: number } | null>(null);
  // Typing the next letter of a selected completion gives the same value: the nonce still
  // re-renders so the rest is selected again.
  const [selectionNonce, setSelectionNonce] = useState(0);

  useLayoutEffect(() => {
    const pending = pendingSelection.current;
    const el = input.current;
    if (!pending || !el || el.value !== pending.value) return;
    pendingSelection.current = null;
    const select = () => {
      if (
        el.value === pending.value &&
        document.activeElement === el &&
        (el.selectionStart !== pending.start || el.selectionEnd !== pending.value.length)
      ) {
        el.setSelectionRange(pending.start, pending.value.length);
      }
    };
    el.setSelectionRange(pending.start, pending.value.length);
    // Whoever dispatched the input event may move the caret after our handler ran (synthetic
    // typing does): select again once the current task's synchronous work is done.
    queueMicrotask(select);
  }, [value, selectionNonce, input]);

  /** After the next render showing `text`, selects it from `start` to the end. */
  const selectAfterRender = (text: string, start: number, rerender = false) => {
    pendingSelection.current = { value: text, start };
    if (rerender) setSelectionNonce((n) => n + 1);
  };

  /** True when the end of the value is a selected inline completion. */
  const hasCompletion = () => {
    const el = input.current;
    return (
      !!el && el.selectionStart !== null && el.selectionEnd === el.value.length && el.selectionStart < el.selectionEnd
    );
  };

  const acceptCompletion = () => {
    const el = input.current;
    if (el && hasCompletion()) el.setSelectionRange(el.value.length, el.value.length);
  };

  return { selectAfterRender, hasCompletion, acceptCompletion };
}
