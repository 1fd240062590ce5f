import { useId, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { DATE_ORDERS, IMPORT_ENCODINGS } from '@hf/contracts/import-limits';
import type { CsvAnalysis, MappingConfig } from '@hf/contracts/import';
import { MAPPING_NAME_PLACEHOLDER, dateOrderHint, type ColumnChoice } from './mapping';

/** The mapping page's fields: which column holds what, how the file is read, and saving the mapping. */

type SetMapping = Dispatch<SetStateAction<MappingConfig>>;

type ColumnField =
  'date' | 'payee' | 'payee_fallback' | 'amount' | 'debit' | 'credit' | 'category' | 'notes' | 'indicator';

function ColumnSelect({
  label,
  field,
  mapping,
  choices,
  onChange,
  required,
  hint,
}: {
  label: string;
  field: ColumnField;
  mapping: MappingConfig;
  choices: ColumnChoice[];
  onChange: (field: ColumnField, value: string | null) => void;
  required?: boolean;
  hint?: ReactNode;
}) {
  const value = mapping[field] ?? '';
  const known = value === '' || choices.some((c) => c.value === value);
  const hintId = useId();
  return (
    <label className="hf-field ledger-import-map__field">
      <span aria-hidden="true">
        {label}
        {required && ' *'}
      </span>
      <select
        className="hf-input"
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        value={value}
        required={required}
        onChange={(e) => onChange(field, e.target.value || null)}
      >
        <option value="">{required ? '-- Choose a column --' : '-- None --'}</option>
        {!known && <option value={value}>{value} (not in this file)</option>}
        {choices.map((c, i) => (
          <option key={`${i}-${c.value}`} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {hint && (
        <small id={hintId} className="ledger-muted">
          {hint}
        </small>
      )}
    </label>
  );
}

/** Which column holds the date, payee, amount(s), category, notes and CR/DR; flip sign; header row. */
export function ColumnsFieldset({
  mapping,
  setMapping,
  choices,
  disabled,
  onHasHeader,
}: {
  mapping: MappingConfig;
  setMapping: SetMapping;
  choices: ColumnChoice[];
  disabled: boolean;
  /** The header row changed: the file is read again. */
  onHasHeader: (hasHeader: boolean) => void;
}) {
  const hasHeader = mapping.has_header !== false;
  const setColumn = (field: ColumnField, value: string | null) => setMapping((m) => ({ ...m, [field]: value }));
  const column = (label: string, field: ColumnField, more: { required?: boolean; hint?: string } = {}) => (
    <ColumnSelect label={label} field={field} mapping={mapping} choices={choices} onChange={setColumn} {...more} />
  );
  const amountType = (value: MappingConfig['amount_type'], label: string) => (
    <label className="hf-check">
      <input
        type="radio"
        name="amount_type"
        checked={mapping.amount_type === value}
        onChange={() => setMapping((m) => ({ ...m, amount_type: value }))}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="ledger-import-map__group" disabled={disabled}>
      <legend>Columns</legend>
      {column('Date', 'date', { required: true })}
      {column('Payee', 'payee', { required: true })}
      {column('Payee when blank', 'payee_fallback', { hint: 'For rows without a payee (interest, fees).' })}
      <fieldset className="ledger-import-map__amount-type">
        <legend>Amount type</legend>
        {amountType('single', 'Single amount column')}
        {amountType('double', 'Separate debit and credit columns')}
      </fieldset>
      {mapping.amount_type === 'single' ? (
        column('Amount', 'amount', { required: true })
      ) : (
        <>
          {column('Debit (payments)', 'debit', { required: true })}
          {column('Credit (deposits)', 'credit', { required: true })}
        </>
      )}
      {column('Category', 'category')}
      {column('Notes', 'notes')}
      {column('CR/DR indicator', 'indicator', { hint: 'DR makes the amount a payment.' })}
      <label className="hf-check">
        <input
          type="checkbox"
          checked={!!mapping.flip_sign}
          onChange={(e) => setMapping((m) => ({ ...m, flip_sign: e.target.checked }))}
        />
        <span>Flip sign (my bank writes payments as positive numbers)</span>
      </label>
      <label className="hf-check">
        <input type="checkbox" checked={hasHeader} onChange={(e) => onHasHeader(e.target.checked)} />
        <span>First row is a header</span>
      </label>
    </fieldset>
  );
}

/** A select of how the file is read, with its visible name and an optional hint under it. */
function ReadingSelect({
  label,
  value,
  onChange,
  hint,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <label className="hf-field ledger-import-map__field">
      <span>{label}</span>
      <select className="hf-input" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
      {hint && <small className="ledger-muted">{hint}</small>}
    </label>
  );
}

/** Character set (when not certain), decimal separator (when ambiguous) and date order. */
export function FileReadingFieldset({
  analysis,
  mapping,
  setMapping,
  disabled,
  onEncoding,
  onHeaderRow,
}: {
  analysis: CsvAnalysis;
  mapping: MappingConfig;
  setMapping: SetMapping;
  disabled: boolean;
  /** The character set changed: the file is read again. */
  onEncoding: (encoding: string) => void;
  /** The row where the table starts changed: the file is read again. */
  onHeaderRow: (row: number) => void;
}) {
  const showDecimal =
    analysis.decimal_separator === 'ambiguous' ||
    (mapping.decimal_separator !== undefined && mapping.decimal_separator !== 'auto');
  const showEncoding = !analysis.encoding_certain || mapping.encoding !== undefined;
  return (
    <fieldset className="ledger-import-map__group" disabled={disabled}>
      <legend>Reading the file</legend>
      {showEncoding && (
        <ReadingSelect
          label="Character set"
          value={mapping.encoding ?? analysis.encoding}
          onChange={onEncoding}
          hint="Not sure about this file's characters: check the preview and choose another if letters look wrong."
        >
          {!(IMPORT_ENCODINGS as readonly string[]).includes(mapping.encoding ?? analysis.encoding) && (
            <option value={analysis.encoding}>{analysis.encoding}</option>
          )}
          {IMPORT_ENCODINGS.map((enc) => (
            <option key={enc} value={enc}>
              {enc}
            </option>
          ))}
        </ReadingSelect>
      )}
      {showDecimal && (
        <ReadingSelect
          label="Decimal separator"
          value={mapping.decimal_separator ?? 'auto'}
          onChange={(value) =>
            setMapping((m) => ({ ...m, decimal_separator: value as MappingConfig['decimal_separator'] }))
          }
          hint={analysis.decimal_separator === 'ambiguous' && 'The amounts could be read either way.'}
        >
          <option value="auto">Choose...</option>
          <option value=".">Point (1,234.56)</option>
          <option value=",">Comma (1.234,56)</option>
        </ReadingSelect>
      )}
      {analysis.header_row !== null && (
        <HeaderRowField
          row={mapping.header_row ?? analysis.header_row}
          hasHeader={mapping.has_header !== false}
          onHeaderRow={onHeaderRow}
        />
      )}
      <ReadingSelect
        label="Date order"
        value={mapping.date_order ?? 'auto'}
        onChange={(value) => setMapping((m) => ({ ...m, date_order: value as MappingConfig['date_order'] }))}
        hint={dateOrderHint(analysis.date_order_ambiguous)}
      >
        {DATE_ORDERS.map((order) => (
          <option key={order} value={order}>
            {order === 'auto' ? `Detected (${analysis.date_order})` : order}
          </option>
        ))}
      </ReadingSelect>
    </fieldset>
  );
}

/**
 * The row where the table starts (lines of account details before it are not read): a number
 * taken when the field is left or Enter is pressed, then the file is read again.
 */
function HeaderRowField({
  row,
  hasHeader,
  onHeaderRow,
}: {
  row: number;
  hasHeader: boolean;
  onHeaderRow: (row: number) => void;
}) {
  const [text, setText] = useState(String(row));
  const [shown, setShown] = useState(row);
  if (shown !== row) {
    setShown(row);
    setText(String(row));
  }
  const label = hasHeader ? 'Header row' : 'First row of the table';
  const commit = () => {
    const n = Number(text);
    if (Number.isInteger(n) && n >= 1 && n <= 1000 && n !== row) onHeaderRow(n);
    else setText(String(row));
  };
  return (
    <label className="hf-field ledger-import-map__field">
      <span>{label}</span>
      <input
        type="number"
        className="hf-input"
        aria-label={label}
        min={1}
        max={1000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <small className="ledger-muted">Lines above it (account details, balances, a title) are not read.</small>
    </label>
  );
}

/** "Save this mapping" and its name. */
export function SavedMappingFieldset({
  save,
  onSave,
  name,
  onName,
  disabled,
}: {
  save: boolean;
  onSave: (save: boolean) => void;
  name: string;
  onName: (name: string) => void;
  disabled: boolean;
}) {
  const nameId = useId();
  return (
    <fieldset className="ledger-import-map__group ledger-import-map__save" disabled={disabled}>
      <legend className="hf-visually-hidden">Saved mapping</legend>
      <label className="hf-check">
        <input type="checkbox" checked={save} onChange={(e) => onSave(e.target.checked)} />
        <span>Save this mapping</span>
      </label>
      <label className="hf-field ledger-import-map__field" htmlFor={nameId}>
        <span>Mapping name</span>
        <input
          id={nameId}
          type="text"
          className="hf-input"
          value={name}
          maxLength={100}
          placeholder={MAPPING_NAME_PLACEHOLDER}
          disabled={!save}
          onChange={(e) => onName(e.target.value)}
        />
      </label>
    </fieldset>
  );
}
