import './import.css';
import { useId, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@hf/app-kit';
import { DATE_ORDERS, IMPORT_ENCODINGS, IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { CsvAnalysis, MappingConfig } from '@hf/contracts/import';
import { useDialogs } from '@hf/ui/editing';
import { importApi, type UploadProgress } from './api';
import { ImportProgress } from './ImportProgress';
import {
  MAPPING_NAME_PLACEHOLDER,
  cleanMapping,
  columnChoices,
  initialMapping,
  mappingAfterReanalysis,
  mappingNameProblem,
  mappingProblem,
  mappingSaveFailedText,
  type ColumnChoice,
} from './mapping';
import { isMappingState, type MappingState, type ReconcileState } from './navigation';
import { SkippedRows } from './SkippedRows';

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

/** The first rows of the file as read, with the chosen columns marked in the header. */
function PreviewTable({
  analysis,
  choices,
  mapping,
}: {
  analysis: CsvAnalysis;
  choices: ColumnChoice[];
  mapping: MappingConfig;
}) {
  const roles = new Map<string, string[]>();
  const mark = (column: string | null | undefined, role: string) => {
    if (column) roles.set(column, [...(roles.get(column) ?? []), role]);
  };
  mark(mapping.date, 'Date');
  mark(mapping.payee, 'Payee');
  if (mapping.amount_type === 'single') mark(mapping.amount, 'Amount');
  else {
    mark(mapping.debit, 'Debit');
    mark(mapping.credit, 'Credit');
  }
  mark(mapping.category, 'Category');
  mark(mapping.notes, 'Notes');
  return (
    <div className="ledger-import-preview" tabIndex={0} role="region" aria-label="File preview">
      <table className="ledger-simple-table">
        <thead>
          <tr>
            {choices.map((c, i) => (
              <th key={i} scope="col">
                {c.label}
                {roles.get(c.value) && (
                  <span className="ledger-import-preview__role">{roles.get(c.value)!.join(', ')}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {analysis.rows.map((row, r) => (
            <tr key={r}>
              {choices.map((_, i) => (
                <td key={i}>{row[i] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /accounts/{id}/import/map: which column holds what, then process (spec section 2 "Import flow"). */
export function MappingPage({ accountId }: { accountId: number }) {
  const location = useLocation();
  const state: unknown = location.state;
  if (!isMappingState(state)) return <Navigate to={`/accounts/${accountId}/register`} replace />;
  return <MappingForm accountId={accountId} initial={state} />;
}

function MappingForm({ accountId, initial }: { accountId: number; initial: MappingState }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const file = initial.file;
  const [analysis, setAnalysis] = useState<CsvAnalysis>(initial.analysis);
  const [mapping, setMapping] = useState<MappingConfig>(() => initialMapping(initial.analysis));
  const [saveMapping, setSaveMapping] = useState(true);
  const [mappingName, setMappingName] = useState(initial.analysis.saved_mapping?.mapping_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [reanalysing, setReanalysing] = useState(false);
  const nameId = useId();
  const busy = progress !== null || reanalysing;

  const hasHeader = mapping.has_header !== false;
  const choices = columnChoices(analysis, hasHeader);
  const setColumn = (field: ColumnField, value: string | null) => setMapping((m) => ({ ...m, [field]: value }));
  const register = `/accounts/${accountId}/register`;

  /** The header row or the character set changed: the server reads the file again. */
  const reanalyse = async (patch: Pick<MappingConfig, 'has_header' | 'encoding'>) => {
    const next = { ...mapping, ...patch };
    setMapping(next);
    setReanalysing(true);
    setError(null);
    try {
      const reading: MappingConfig = cleanMapping({
        date: null,
        payee: null,
        amount_type: 'single',
        has_header: next.has_header,
        encoding: next.encoding,
        decimal_separator: next.decimal_separator,
        date_order: next.date_order,
      });
      const fresh = await importApi.analyze(file, { mapping: reading });
      setAnalysis(fresh);
      setMapping(mappingAfterReanalysis(next, fresh));
    } catch (err) {
      setError(errorMessage(err, IMPORT_MESSAGES.analysisFailed));
    } finally {
      setReanalysing(false);
    }
  };

  const process = async () => {
    if (busy) return;
    const problem = mappingProblem(mapping) ?? mappingNameProblem(saveMapping, mappingName);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const config = cleanMapping(mapping);
    if (saveMapping) {
      try {
        await importApi.saveMapping({
          mapping_name: mappingName.trim(),
          headers: analysis.headers,
          mapping_config: config,
        });
      } catch (err) {
        // An alert, after which the import continues (spec section 8).
        await dialogs.alert('Save Mapping', mappingSaveFailedText(err instanceof ApiError ? err.serverMessage : null));
      }
    }
    setProgress({ phase: 'sending', loaded: 0, total: file.size });
    try {
      const result = await importApi.process(accountId, file, config, setProgress);
      const next: ReconcileState = { result, fileName: file.name };
      navigate(`/accounts/${accountId}/reconcile`, { state: next });
    } catch (err) {
      setProgress(null);
      setError(errorMessage(err, IMPORT_MESSAGES.processFailed));
    }
  };

  const showDecimal =
    analysis.decimal_separator === 'ambiguous' ||
    (mapping.decimal_separator !== undefined && mapping.decimal_separator !== 'auto');
  const showEncoding = !analysis.encoding_certain || mapping.encoding !== undefined;

  return (
    <section className="ledger-import" aria-labelledby="import-map-title">
      <h2 id="import-map-title" className="ledger-subtitle">
        Map Columns <span className="ledger-muted">· {file.name}</span>
      </h2>
      <p className="ledger-muted">
        {analysis.total_rows.toLocaleString('en-US')} rows · {analysis.file_type.toUpperCase()}
        {analysis.saved_mapping && <> · using your saved mapping “{analysis.saved_mapping.mapping_name}”</>}
      </p>
      <PreviewTable analysis={analysis} choices={choices} mapping={mapping} />

      <form
        className="ledger-import-map"
        aria-label="Column mapping"
        onSubmit={(e) => {
          e.preventDefault();
          void process();
        }}
      >
        <fieldset className="ledger-import-map__group" disabled={busy}>
          <legend>Columns</legend>
          <ColumnSelect label="Date" field="date" mapping={mapping} choices={choices} onChange={setColumn} required />
          <ColumnSelect label="Payee" field="payee" mapping={mapping} choices={choices} onChange={setColumn} required />
          <ColumnSelect
            label="Payee when blank"
            field="payee_fallback"
            mapping={mapping}
            choices={choices}
            onChange={setColumn}
            hint="For rows without a payee (interest, fees)."
          />
          <fieldset className="ledger-import-map__amount-type">
            <legend>Amount type</legend>
            <label className="hf-check">
              <input
                type="radio"
                name="amount_type"
                checked={mapping.amount_type === 'single'}
                onChange={() => setMapping((m) => ({ ...m, amount_type: 'single' }))}
              />
              <span>Single amount column</span>
            </label>
            <label className="hf-check">
              <input
                type="radio"
                name="amount_type"
                checked={mapping.amount_type === 'double'}
                onChange={() => setMapping((m) => ({ ...m, amount_type: 'double' }))}
              />
              <span>Separate debit and credit columns</span>
            </label>
          </fieldset>
          {mapping.amount_type === 'single' ? (
            <ColumnSelect
              label="Amount"
              field="amount"
              mapping={mapping}
              choices={choices}
              onChange={setColumn}
              required
            />
          ) : (
            <>
              <ColumnSelect
                label="Debit (payments)"
                field="debit"
                mapping={mapping}
                choices={choices}
                onChange={setColumn}
                required
              />
              <ColumnSelect
                label="Credit (deposits)"
                field="credit"
                mapping={mapping}
                choices={choices}
                onChange={setColumn}
                required
              />
            </>
          )}
          <ColumnSelect label="Category" field="category" mapping={mapping} choices={choices} onChange={setColumn} />
          <ColumnSelect label="Notes" field="notes" mapping={mapping} choices={choices} onChange={setColumn} />
          <ColumnSelect
            label="CR/DR indicator"
            field="indicator"
            mapping={mapping}
            choices={choices}
            onChange={setColumn}
            hint="DR makes the amount a payment."
          />
          <label className="hf-check">
            <input
              type="checkbox"
              checked={!!mapping.flip_sign}
              onChange={(e) => setMapping((m) => ({ ...m, flip_sign: e.target.checked }))}
            />
            <span>Flip sign (my bank writes payments as positive numbers)</span>
          </label>
          <label className="hf-check">
            <input
              type="checkbox"
              checked={hasHeader}
              onChange={(e) => void reanalyse({ has_header: e.target.checked })}
            />
            <span>First row is a header</span>
          </label>
        </fieldset>

        <fieldset className="ledger-import-map__group" disabled={busy}>
          <legend>Reading the file</legend>
          {showEncoding && (
            <label className="hf-field ledger-import-map__field">
              <span>Character set</span>
              <select
                className="hf-input"
                aria-label="Character set"
                value={mapping.encoding ?? analysis.encoding}
                onChange={(e) => void reanalyse({ encoding: e.target.value })}
              >
                {!(IMPORT_ENCODINGS as readonly string[]).includes(mapping.encoding ?? analysis.encoding) && (
                  <option value={analysis.encoding}>{analysis.encoding}</option>
                )}
                {IMPORT_ENCODINGS.map((enc) => (
                  <option key={enc} value={enc}>
                    {enc}
                  </option>
                ))}
              </select>
              <small className="ledger-muted">
                Not sure about this file's characters: check the preview and choose another if letters look wrong.
              </small>
            </label>
          )}
          {showDecimal && (
            <label className="hf-field ledger-import-map__field">
              <span>Decimal separator</span>
              <select
                className="hf-input"
                aria-label="Decimal separator"
                value={mapping.decimal_separator ?? 'auto'}
                onChange={(e) =>
                  setMapping((m) => ({ ...m, decimal_separator: e.target.value as MappingConfig['decimal_separator'] }))
                }
              >
                <option value="auto">Choose...</option>
                <option value=".">Point (1,234.56)</option>
                <option value=",">Comma (1.234,56)</option>
              </select>
              {analysis.decimal_separator === 'ambiguous' && (
                <small className="ledger-muted">The amounts could be read either way.</small>
              )}
            </label>
          )}
          <label className="hf-field ledger-import-map__field">
            <span>Date order</span>
            <select
              className="hf-input"
              aria-label="Date order"
              value={mapping.date_order ?? 'auto'}
              onChange={(e) => setMapping((m) => ({ ...m, date_order: e.target.value as MappingConfig['date_order'] }))}
            >
              {DATE_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {order === 'auto' ? `Detected (${analysis.date_order})` : order}
                </option>
              ))}
            </select>
          </label>
        </fieldset>

        <SkippedRows rows={analysis.skipped_rows} />

        <fieldset className="ledger-import-map__group ledger-import-map__save" disabled={busy}>
          <legend className="hf-visually-hidden">Saved mapping</legend>
          <label className="hf-check">
            <input type="checkbox" checked={saveMapping} onChange={(e) => setSaveMapping(e.target.checked)} />
            <span>Save this mapping</span>
          </label>
          <label className="hf-field ledger-import-map__field" htmlFor={nameId}>
            <span>Mapping name</span>
            <input
              id={nameId}
              type="text"
              className="hf-input"
              value={mappingName}
              maxLength={100}
              placeholder={MAPPING_NAME_PLACEHOLDER}
              disabled={!saveMapping}
              onChange={(e) => setMappingName(e.target.value)}
            />
          </label>
        </fieldset>

        {reanalysing && (
          <p className="ledger-muted" role="status">
            Reading the file again...
          </p>
        )}
        {progress && (
          <ImportProgress
            progress={progress}
            sendingLabel="Uploading"
            waitingLabel="Matching against your register..."
          />
        )}
        {error && (
          <p role="alert" className="hf-status hf-status--error">
            {error}
          </p>
        )}
        <div className="ledger-import__actions">
          <button type="button" className="hf-button" onClick={() => navigate(register)} disabled={progress !== null}>
            Cancel
          </button>
          <button type="submit" className="hf-button hf-button--primary" disabled={busy}>
            Process File
          </button>
        </div>
      </form>
      {dialogs.element}
    </section>
  );
}
