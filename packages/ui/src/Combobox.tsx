import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type MutableRefObject, type Ref } from 'react';
import { useCompletionSelection } from './combobox-completion';
import { SuggestionList, useListPosition } from './combobox-list';

export { AUTOCOMPLETE_MAX_HEIGHT } from './combobox-list';

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

function assignRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as MutableRefObject<T>).current = value;
}

/**
 * An autocomplete text field (ARIA combobox with a listbox). The list is rendered in a portal
 * with fixed positioning so table cells and scroll containers never clip it. With `complete`,
 * the rest of the best match is filled in and selected as you type; Tab or Enter accepts it. Tab
 * also takes the option highlighted with the arrow keys (as Enter does), then moves on.
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
  const options = open ? getOptions(value) : [];
  const visible = open && options.length > 0 && !disabled;
  const position = useListPosition(input, visible);
  const { selectAfterRender, hasCompletion, acceptCompletion } = useCompletionSelection(input, value);

  const choose = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
    selectAfterRender(option, option.length);
  };

  const typeText = (typed: string, deleting: boolean) => {
    setOpen(true);
    setActive(-1);
    if (complete && typed && !deleting) {
      const suffix = complete(typed);
      if (suffix) {
        selectAfterRender(typed + suffix, typed.length, true);
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
        // The option highlighted with the arrows is taken as Enter takes it; focus moves on.
        if (visible && active >= 0 && active < options.length) choose(options[active]);
        else acceptCompletion();
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
      {visible && position && (
        <SuggestionList
          id={listId}
          label={label}
          position={position}
          options={options}
          active={active}
          onChoose={choose}
        />
      )}
    </>
  );
}
