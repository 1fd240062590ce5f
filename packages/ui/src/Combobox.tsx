import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type MutableRefObject,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';

export interface ComboboxProps {
  /** Accessible name of the input ("Payee", "Category"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Suggestions for the current text, best first. */
  getOptions: (text: string) => readonly string[];
  /** Inline completion: the text to append to what was typed (selected, so typing replaces it). */
  complete?: (typed: string) => string | null;
  /**
   * Keys that accept a shown inline completion before being typed themselves (the category
   * field's ':' completes the parent and starts the sub-category part).
   */
  acceptCompletionKeys?: readonly string[];
  /** Keys the combobox does not use (Enter to submit, Escape to cancel...). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  maxLength?: number;
}

/** The list's max height (spec section 9: autocomplete list max height 150 px). */
export const AUTOCOMPLETE_MAX_HEIGHT = 150;

interface ListPosition {
  left: number;
  width: number;
  top?: number;
  bottom?: number;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as MutableRefObject<T>).current = value;
}

/**
 * An autocomplete text field (ARIA combobox with a listbox). The list is rendered in a portal
 * with fixed positioning so table cells and scroll containers never clip it. With `complete`,
 * the rest of the best match is filled in and selected as you type; Tab or Enter accepts it.
 */
export function Combobox({
  label,
  value,
  onChange,
  getOptions,
  complete,
  acceptCompletionKeys,
  onKeyDown,
  onBlur,
  inputRef,
  disabled,
  placeholder,
  className,
  maxLength,
}: ComboboxProps) {
  const listId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [position, setPosition] = useState<ListPosition | null>(null);
  const pendingSelection = useRef<{ value: string; start: number } | null>(null);
  // Typing the next letter of a selected completion gives the same value: the nonce still
  // re-renders so the rest is selected again.
  const [selectionNonce, setSelectionNonce] = useState(0);
  const options = open ? getOptions(value) : [];
  const visible = open && options.length > 0 && !disabled;

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
  }, [value, selectionNonce]);

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
  }, []);

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

  const choose = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
    pendingSelection.current = { value: option, start: option.length };
  };

  const typeText = (typed: string, deleting: boolean) => {
    setOpen(true);
    setActive(-1);
    if (complete && typed && !deleting) {
      const suffix = complete(typed);
      if (suffix) {
        pendingSelection.current = { value: typed + suffix, start: typed.length };
        setSelectionNonce((n) => n + 1);
        onChange(typed + suffix);
        return;
      }
    }
    onChange(typed);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    typeText(event.target.value, inputType.startsWith('delete'));
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

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (acceptCompletionKeys?.includes(event.key) && hasCompletion() && !value.includes(event.key)) {
      event.preventDefault();
      typeText(value + event.key, false);
      return;
    }
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        const list = getOptions(value);
        setOpen(true);
        setActive((i) => Math.min(i + 1, list.length - 1));
        return;
      }
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(i - 1, -1));
        return;
      case 'Enter':
        if (visible && active >= 0 && active < options.length) {
          event.preventDefault();
          event.stopPropagation();
          choose(options[active]);
          return;
        }
        acceptCompletion();
        setOpen(false);
        break;
      case 'Tab':
        acceptCompletion();
        setOpen(false);
        break;
      case 'Escape':
        if (visible) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          return;
        }
        break;
      default:
        break;
    }
    onKeyDown?.(event);
  };

  return (
    <>
      <input
        ref={(el) => {
          input.current = el;
          assignRef(inputRef, el);
        }}
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete={complete ? 'both' : 'list'}
        aria-expanded={visible}
        aria-controls={listId}
        aria-activedescendant={visible && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        className={className}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onFocus={() => setOpen(false)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      {visible &&
        position &&
        createPortal(
          <ul
            id={listId}
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
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(option);
                }}
              >
                {option}
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </>
  );
}
