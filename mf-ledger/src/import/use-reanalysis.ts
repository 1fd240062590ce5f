/**
 * The header row, the table's start or the character set changed: the server reads the file
 * again, and the page takes the new columns while keeping the reading options the person chose
 * (docs/rules/import.md, Screens).
 */
import { useState, type Dispatch, type SetStateAction } from 'react';
import { errorMessage } from '@hf/app-kit';
import { IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { CsvAnalysis, MappingConfig } from '@hf/contracts/import';
import { importApi } from './api';
import { mappingAfterReanalysis, readingKey, readingOnly } from './mapping';
import type { RowsRead } from './use-rows-under-mapping';

export type ReadingPatch = Pick<MappingConfig, 'has_header' | 'encoding' | 'header_row'>;

export interface ReanalysisPage {
  mapping: MappingConfig;
  setMapping: Dispatch<SetStateAction<MappingConfig>>;
  setAnalysis: (analysis: CsvAnalysis) => void;
  setRead: (read: RowsRead) => void;
  setError: (error: string | null) => void;
}

export function useReanalysis(file: File, page: ReanalysisPage) {
  const [reanalysing, setReanalysing] = useState(false);
  const reanalyse = async (patch: ReadingPatch) => {
    const next = { ...page.mapping, ...patch };
    page.setMapping(next);
    setReanalysing(true);
    page.setError(null);
    try {
      const reading = readingOnly(next);
      const fresh = await importApi.analyze(file, { mapping: reading });
      page.setAnalysis(fresh);
      // Read without columns: its skipped rows are not the mapping's, which is read next.
      page.setRead({ key: readingKey(reading), analysis: fresh });
      page.setMapping(mappingAfterReanalysis(next, fresh));
    } catch (err) {
      page.setError(errorMessage(err, IMPORT_MESSAGES.analysisFailed));
    } finally {
      setReanalysing(false);
    }
  };
  return { reanalysing, reanalyse };
}
