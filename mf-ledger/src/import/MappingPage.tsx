import './import.css';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@hf/app-kit';
import { IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { CsvAnalysis, MappingConfig } from '@hf/contracts/import';
import { countOf } from '@hf/contracts/wording';
import { useDialogs } from '@hf/ui/editing';
import { importApi, type UploadProgress } from './api';
import { ImportProgress } from './ImportProgress';
import {
  cleanMapping,
  columnChoices,
  initialMapping,
  mappingNameProblem,
  mappingProblem,
  mappingSaveFailedText,
  readingKey,
  type ColumnChoice,
} from './mapping';
import { isMappingState, type MappingState, type ReconcileState } from './navigation';
import { ColumnsFieldset, FileReadingFieldset, SavedMappingFieldset } from './MappingFields';
import { DetectionNotes } from './DetectionNotes';
import { ReadingNotices } from './ReadingNotices';
import { SkippedRows } from './SkippedRows';
import { useRowsUnderMapping } from './use-rows-under-mapping';
import { useTopOnOpen } from './use-top-on-open';
import { useReanalysis } from './use-reanalysis';

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

/** /accounts/{id}/import/map: which column holds what, then process (docs/rules/import.md, Screens). */
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
  const [mapping, setMapping] = useState<MappingConfig>(() => initial.mapping ?? initialMapping(initial.analysis));
  // The skipped rows follow the mapping on screen: the file is read again under it.
  const rows = useRowsUnderMapping(file, mapping, {
    key: readingKey(initial.mapping ?? initialMapping(initial.analysis)),
    analysis: initial.analysis,
  });
  useTopOnOpen();
  const [saveMapping, setSaveMapping] = useState(true);
  const [mappingName, setMappingName] = useState(initial.analysis.saved_mapping?.mapping_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const { reanalysing, reanalyse } = useReanalysis(file, {
    mapping,
    setMapping,
    setAnalysis,
    setRead: rows.setRead,
    setError,
  });
  const busy = progress !== null || reanalysing;

  const choices = columnChoices(analysis, mapping.has_header !== false);
  const register = `/accounts/${accountId}/register`;

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
        // An alert, after which the import continues (docs/rules/import.md).
        await dialogs.alert('Save Mapping', mappingSaveFailedText(err instanceof ApiError ? err.serverMessage : null));
      }
    }
    setProgress({ phase: 'sending', loaded: 0, total: file.size });
    try {
      const result = await importApi.process(accountId, file, config, setProgress);
      const next: ReconcileState = {
        result,
        fileName: file.name,
        back: { file, analysis: rows.read.analysis, mapping },
      };
      navigate(`/accounts/${accountId}/reconcile`, { state: next });
    } catch (err) {
      setProgress(null);
      setError(errorMessage(err, IMPORT_MESSAGES.processFailed));
    }
  };

  return (
    <section className="ledger-import" aria-labelledby="import-map-title">
      <h2 id="import-map-title" className="ledger-subtitle">
        Map Columns <span className="ledger-muted">· {file.name}</span>
      </h2>
      <p className="ledger-muted">
        {countOf(analysis.total_rows, 'row')} · {analysis.file_type.toUpperCase()}
        {analysis.saved_mapping && <> · using your saved mapping “{analysis.saved_mapping.mapping_name}”</>}
      </p>
      <PreviewTable analysis={analysis} choices={choices} mapping={mapping} />
      <ReadingNotices analysis={analysis} />
      <DetectionNotes analysis={analysis} />

      <form
        className="ledger-import-map"
        aria-label="Column mapping"
        onSubmit={(e) => {
          e.preventDefault();
          void process();
        }}
      >
        <ColumnsFieldset
          mapping={mapping}
          setMapping={setMapping}
          choices={choices}
          disabled={busy}
          onHasHeader={(has_header) => void reanalyse({ has_header })}
        />

        <FileReadingFieldset
          analysis={analysis}
          mapping={mapping}
          setMapping={setMapping}
          disabled={busy}
          onEncoding={(encoding) => void reanalyse({ encoding })}
          onHeaderRow={(header_row) => void reanalyse({ header_row })}
        />

        <SkippedRows rows={rows.read.analysis.skipped_rows} checking={rows.checking} />

        <SavedMappingFieldset
          save={saveMapping}
          onSave={setSaveMapping}
          name={mappingName}
          onName={setMappingName}
          disabled={busy}
        />

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
