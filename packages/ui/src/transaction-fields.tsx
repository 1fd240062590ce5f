/**
 * A transaction's fields: the register's entry line and row editor (desktop table and mobile
 * form) and the reports' drill-down editor. Class `hf-input` (compacted inside register rows).
 */
import { displayDate } from '@hf/app-kit';
import {
  inlineCompletion,
  matchingCategories,
  TRANSFER_CATEGORY,
  type CategoryOption,
  type TransactionStatus,
} from '@hf/app-kit/editing';
import { applyDateKey, parseEntryDate, type CalendarDate } from '@hf/calendar';
import { LEDGER_LIMITS } from '@hf/contracts/ledger-limits';
import { useCallback, type KeyboardEvent, type Ref } from 'react';
import { Combobox } from './Combobox';

type KeyHandler = (event: KeyboardEvent<HTMLElement>) => void;

/** What every field of a transaction line takes: its value, the change and key handlers, and a ref for moving focus. */
interface FieldProps<V = string, E extends HTMLElement = HTMLInputElement> {
  value: V;
  onChange: (value: V) => void;
  onKeyDown?: KeyHandler;
  disabled?: boolean;
  inputRef?: Ref<E>;
}

const COLON = [':'];
const DATE_KEYS = new Set(['+', '=', '-', 't', 'T', 'PageUp', 'PageDown']);

/** Date text field: the spec's formats, normalised on blur; + = - t PageUp PageDown step it. */
export function DateInput({
  value,
  onChange,
  today,
  inputRef,
  onKeyDown,
  disabled,
}: FieldProps & {
  today: CalendarDate;
}) {
  return (
    <input
      ref={inputRef}
      type="text"
      aria-label="Date"
      className="hf-input hf-input--date"
      value={value}
      disabled={disabled}
      placeholder="M/D/YYYY"
      autoComplete="off"
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => {
        const parsed = parseEntryDate(value, today);
        if (parsed) onChange(displayDate(parsed));
      }}
      onKeyDown={(e) => {
        if (DATE_KEYS.has(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
          const next = applyDateKey(e.key, parseEntryDate(value, today), today);
          if (next) {
            e.preventDefault();
            onChange(displayDate(next));
            return;
          }
        }
        onKeyDown?.(e);
      }}
    />
  );
}

export function AmountInput({
  label,
  value,
  onChange,
  onKeyDown,
  disabled,
  inputRef,
}: FieldProps & {
  label: 'Payment' | 'Deposit';
}) {
  return (
    <input
      ref={inputRef}
      type="number"
      step="0.01"
      min="0"
      inputMode="decimal"
      aria-label={label}
      className="hf-input hf-input--amount"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

export function StatusSelect({
  value,
  onChange,
  onKeyDown,
  disabled,
  inputRef,
}: FieldProps<TransactionStatus, HTMLSelectElement>) {
  return (
    <select
      ref={inputRef}
      aria-label="Status"
      className="hf-input hf-input--status"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as TransactionStatus)}
      onKeyDown={onKeyDown}
    >
      <option value="" title="None">
        –
      </option>
      <option value="p" title="Pending">
        P
      </option>
      <option value="x" title="Cleared">
        X
      </option>
    </select>
  );
}

export function PayeeInput({
  payees,
  accountNames,
  ...field
}: FieldProps & {
  payees: readonly string[];
  /** Other accounts' names (typing one makes a transfer). */
  accountNames: readonly string[];
}) {
  const getOptions = useCallback(
    (text: string) => {
      const t = text.trim().toLocaleLowerCase();
      if (!t) return [];
      const out: string[] = [];
      const seen = new Set<string>();
      const add = (name: string) => {
        const k = name.toLocaleLowerCase();
        if (!seen.has(k) && k !== t) {
          seen.add(k);
          out.push(name);
        }
      };
      for (const name of accountNames) if (name.toLocaleLowerCase().startsWith(t)) add(name);
      for (const name of payees) {
        if (out.length >= 50) break;
        if (name.toLocaleLowerCase().startsWith(t)) add(name);
      }
      for (const name of payees) {
        if (out.length >= 50) break;
        if (name.toLocaleLowerCase().includes(t)) add(name);
      }
      return out;
    },
    [payees, accountNames],
  );
  return (
    <Combobox {...field} label="Payee" className="hf-input" getOptions={getOptions} maxLength={LEDGER_LIMITS.payee} />
  );
}

export function CategoryInput({
  options,
  allowTransfer = true,
  label = 'Category',
  ...field
}: FieldProps & {
  options: readonly CategoryOption[];
  allowTransfer?: boolean;
  label?: string;
}) {
  const getOptions = useCallback(
    (text: string) => {
      const list = matchingCategories(text, options).map((o) => o.text);
      if (allowTransfer && TRANSFER_CATEGORY.toLowerCase().startsWith(text.trim().toLowerCase()) && text.trim())
        list.push(TRANSFER_CATEGORY);
      return list;
    },
    [options, allowTransfer],
  );
  const complete = useCallback((typed: string) => inlineCompletion(typed, options)?.suffix ?? null, [options]);
  return (
    <Combobox
      {...field}
      label={label}
      className="hf-input"
      getOptions={getOptions}
      complete={complete}
      acceptCompletionKeys={COLON}
      maxLength={LEDGER_LIMITS.categoryName * 2 + 2}
    />
  );
}

export function NotesInput({ value, onChange, onKeyDown, inputRef }: FieldProps) {
  return (
    <input
      ref={inputRef}
      type="text"
      aria-label="Notes"
      className="hf-input"
      value={value}
      maxLength={LEDGER_LIMITS.notes}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
