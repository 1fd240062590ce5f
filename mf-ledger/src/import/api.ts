/**
 * svc-import's calls (docs/rules/api.md; contract: @hf/contracts/import). Uploads and
 * the commit go through `apiUpload` (XMLHttpRequest) so the screens can show their progress.
 */
import { api } from '@hf/app-kit';
import { apiUpload, type UploadProgress } from '@hf/app-kit/upload';
import type {
  CsvAnalysis,
  ImportNewBody,
  ImportResult,
  MappingConfig,
  ReconciliationData,
  SaveMappingBody,
  SavedMapping,
  UpdateMatchedBody,
} from '@hf/contracts/import';

export type {
  CsvAnalysis,
  ImportNewBody,
  ImportResult,
  MappingConfig,
  ReconciliationData,
  SavedMapping,
  UploadProgress,
};

function fileForm(file: File, mapping?: MappingConfig): FormData {
  const form = new FormData();
  // The mapping goes first: the server can read it before the file's bytes stream in.
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return form;
}

export const importApi = {
  /** POST /import/analyze; `mapping` re-reads the file with a chosen encoding, header row or formats. */
  analyze: (file: File, options: { mapping?: MappingConfig; onProgress?: (p: UploadProgress) => void } = {}) =>
    apiUpload<CsvAnalysis>('/import/analyze', {
      body: fileForm(file, options.mapping),
      onProgress: options.onProgress,
    }),
  saveMapping: (body: SaveMappingBody) => api.post<SavedMapping>('/import/mappings', body),
  /** POST /import/{accountId}: the file read under the mapping and matched against the register. */
  process: (accountId: number, file: File, mapping: MappingConfig, onProgress?: (p: UploadProgress) => void) =>
    apiUpload<ReconciliationData>(`/import/${accountId}`, { body: fileForm(file, mapping), onProgress }),
  updateMatched: (body: UpdateMatchedBody, onProgress?: (p: UploadProgress) => void) =>
    apiUpload<ImportResult>('/import/update_matched', { body, onProgress }),
  /** The same key on a retry: the server creates nothing twice. */
  importNew: (
    accountId: number,
    body: ImportNewBody,
    idempotencyKey: string,
    onProgress?: (p: UploadProgress) => void,
  ) =>
    apiUpload<ImportResult>(`/import/${accountId}/import_new`, {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      onProgress,
    }),
};

/** A fresh idempotency key (crypto.randomUUID where the page is a secure context, else random bytes). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
