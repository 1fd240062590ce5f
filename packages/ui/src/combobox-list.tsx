import { useCallback, useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/** The list's max height (docs/rules/screens.md, Constants). */
export const AUTOCOMPLETE_MAX_HEIGHT = 150;

interface ListPosition {
  left: number;
  width: number;
  top?: number;
  bottom?: number;
}

/**
 * Where the suggestion list stands (fixed, so table cells and scroll containers never clip it):
 * below the input, or above it when there is more room there; followed on scroll and resize
 * while the list is shown.
 */
export function useListPosition(input: RefObject<HTMLInputElement | null>, visible: boolean): ListPosition | null {
  const [position, setPosition] = useState<ListPosition | null>(null);
  const place = useCallback(() => {
    const el = input.current;
    if (!el) return;
    const rect = el.getBoundingClientRect();
    const width = Math.max(rect.width, 220);
    const below = window.innerHeight - rect.bottom;
    setPosition(
      below < AUTOCOMPLETE_MAX_HEIGHT + 8 && rect.top > below
        ? { left: rect.left, width, bottom: window.innerHeight - rect.top + 2 }
        : { left: rect.left, width, top: rect.bottom + 2 },
    );
  }, [input]);

  useEffect(() => {
    if (!visible) return;
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [visible, place]);
  return position;
}

export interface SuggestionListProps {
  id: string;
  label: string;
  position: ListPosition;
  options: readonly string[];
  active: number;
  onChoose: (option: string) => void;
}

/** The listbox of suggestions, in a portal on the body; a press chooses without taking focus from the input. */
export function SuggestionList({ id, label, position, options, active, onChoose }: SuggestionListProps) {
  return createPortal(
    <ul
      id={id}
      role="listbox"
      aria-label={`${label} suggestions`}
      className="hf-autocomplete"
      style={{
        position: 'fixed',
        left: position.left,
        width: position.width,
        top: position.top,
        bottom: position.bottom,
        maxHeight: AUTOCOMPLETE_MAX_HEIGHT,
      }}
    >
      {options.map((option, i) => (
        <li
          key={option}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'is-active' : undefined}
          onMouseDown={(e) => {
            e.preventDefault();
            onChoose(option);
          }}
        >
          {option}
        </li>
      ))}
    </ul>,
    document.body,
  );
}
