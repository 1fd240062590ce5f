import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

/** What one list does on each key while an item is moved with the keyboard. */
export interface LiftMoves<L> {
  /** Space or Enter with nothing lifted: the lifted item and what to announce. */
  pickUp: () => [lifted: L, announcement: string];
  /** Space or Enter while lifted: applies the move (if there is one); returns what to announce. */
  drop: (lifted: L) => string;
  /** An arrow key, one step up (-1) or down (1): the next state (`current` at an end) and what to announce. */
  step: (current: L, delta: -1 | 1) => [next: L, announcement: string];
  /** Escape: what to announce. */
  putBack: (lifted: L) => string;
}

/**
 * Keyboard moving from drag handles (instead of dnd-kit's keyboard sensor): Space or Enter picks
 * up and drops, each arrow press is one step however fast (functional updates), Escape puts back
 * with an announcement, Tab puts back silently. Focus stays on the lifted item's handle while
 * its node moves.
 */
export function useKeyboardLift<L extends { id: number }>() {
  const [lifted, setLifted] = useState<L | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const handleRefs = useRef(new Map<number, (node: HTMLButtonElement | null) => void>());

  useLayoutEffect(() => {
    if (lifted) handles.current.get(lifted.id)?.focus();
  }, [lifted]);

  /** A stable ref callback per item for its handle. */
  const handleRef = useCallback((id: number) => {
    let ref = handleRefs.current.get(id);
    if (!ref) {
      ref = (node) => {
        if (node) handles.current.set(id, node);
        else handles.current.delete(id);
      };
      handleRefs.current.set(id, ref);
    }
    return ref;
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, moves: LiftMoves<L>) => {
    const key = event.key;
    if (key === ' ' || key === 'Enter') {
      event.preventDefault();
      if (!lifted) {
        const [next, text] = moves.pickUp();
        setLifted(next);
        setAnnouncement(text);
        return;
      }
      setLifted(null);
      setAnnouncement(moves.drop(lifted));
      return;
    }
    if (!lifted) return;
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      event.preventDefault();
      setLifted((current) => {
        if (!current) return current;
        const [next, text] = moves.step(current, key === 'ArrowUp' ? -1 : 1);
        setAnnouncement(text);
        return next;
      });
    } else if (key === 'Escape') {
      event.preventDefault();
      setLifted(null);
      setAnnouncement(moves.putBack(lifted));
    } else if (key === 'Tab') {
      setLifted(null);
    }
  };

  return { lifted, announcement, handleRef, onKeyDown };
}
