/** What the import pages hand each other in navigation state (never in the URL). */
import type { CsvAnalysis, MappingConfig, ReconciliationData } from '@hf/contracts/import';

export interface MappingState {
  file: File;
  analysis: CsvAnalysis;
  /** Back from the reconcile page: the mapping the file was processed with. */
  mapping?: MappingConfig;
}

export interface ReconcileState {
  result: ReconciliationData;
  fileName: string;
  /** The mapping page's state, for "Back to mapping" (the file is not uploaded again by the person). */
  back?: MappingState;
}

export function isMappingState(value: unknown): value is MappingState {
  const v = value as Partial<MappingState> | null;
  return !!v && typeof v === 'object' && v.file instanceof File && !!v.analysis && Array.isArray(v.analysis.headers);
}

export function isReconcileState(value: unknown): value is ReconcileState {
  const v = value as Partial<ReconcileState> | null;
  return (
    !!v &&
    typeof v === 'object' &&
    !!v.result &&
    Array.isArray(v.result.matched) &&
    Array.isArray(v.result.new) &&
    Array.isArray(v.result.duplicates)
  );
}
