import './import.css';
import { useRef, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@hf/app-kit';
import { IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import { Modal } from '@hf/ui';
import { importApi, type UploadProgress } from './api';
import { ImportProgress } from './ImportProgress';
import { FILE_ACCEPT, FILE_TYPE_MESSAGE, formatBytes, hasImportExtension } from './mapping';
import type { MappingState } from './navigation';

/**
 * The file modal of the import flow (docs/rules/import.md, Screens): drag and drop or browse, a bank CSV file
 * (OFX, QFX, QIF and CAMT.053 XML are read too), upload progress, then the mapping page with the analysis.
 */
export function FileImportModal({ accountId, onClose }: { accountId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const busy = progress !== null;

  const choose = (chosen: File | null | undefined) => {
    if (!chosen) return;
    setError(hasImportExtension(chosen.name) ? null : FILE_TYPE_MESSAGE);
    setFile(hasImportExtension(chosen.name) ? chosen : null);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  };

  const upload = async () => {
    if (busy) return;
    if (!file) {
      setError(IMPORT_MESSAGES.selectFile);
      return;
    }
    setError(null);
    setProgress({ phase: 'sending', loaded: 0, total: file.size });
    try {
      const analysis = await importApi.analyze(file, { onProgress: setProgress });
      const state: MappingState = { file, analysis };
      navigate(`/accounts/${accountId}/import/map`, { state });
      onClose();
    } catch (err) {
      setProgress(null);
      setError(errorMessage(err, IMPORT_MESSAGES.analysisFailed));
    }
  };

  return (
    <Modal
      title="Import Transactions"
      onClose={() => !busy && onClose()}
      footer={
        <>
          <button type="button" className="hf-button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="hf-button hf-button--primary" onClick={() => void upload()} disabled={busy}>
            {busy ? 'Uploading...' : 'Upload'}
          </button>
        </>
      }
    >
      <div
        className={`ledger-import-drop${dragging ? ' is-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-drop-zone"
      >
        <p>Drag and drop your bank's CSV file here, or</p>
        <button type="button" className="hf-button" onClick={() => inputRef.current?.click()} disabled={busy}>
          Browse...
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={FILE_ACCEPT}
          aria-label="CSV file"
          className="hf-visually-hidden"
          tabIndex={-1}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p className="ledger-muted ledger-import-drop__hint">
          CSV files (.csv); OFX, QFX, QIF and CAMT.053 (.xml) statements are read too.
        </p>
      </div>
      {file && (
        <p className="ledger-import-file">
          Selected: <strong>{file.name}</strong> <span className="ledger-muted">({formatBytes(file.size)})</span>
        </p>
      )}
      {progress && <ImportProgress progress={progress} sendingLabel="Uploading" waitingLabel="Analysing the file..." />}
      {error && (
        <p role="alert" className="hf-status hf-status--error">
          {error}
        </p>
      )}
    </Modal>
  );
}
