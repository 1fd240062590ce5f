/**
 * The analysis of the file under the mapping on screen: when a column or a format changes, the
 * file is read again under it (after a short pause, so a person choosing several columns sends
 * one request), and the skipped-rows warning follows (docs/rules/import.md, Screens). An older
 * answer never replaces a newer one; a failed reading keeps the last one.
 */
import { useEffect, useState } from 'react';
import type { CsvAnalysis, MappingConfig } from '@hf/contracts/import';
import { importApi } from './api';
import { mappingProblem, readingKey } from './mapping';

const PAUSE_MS = 300;

export interface RowsRead {
  /** The mapping (readingKey) the analysis was read under. */
  key: string;
  analysis: CsvAnalysis;
}

export function useRowsUnderMapping(file: File, mapping: MappingConfig, initial: RowsRead) {
  const [read, setRead] = useState<RowsRead>(initial);
  const key = mappingProblem(mapping) ? null : readingKey(mapping);
  useEffect(() => {
    if (key === null || key === read.key) return;
    let live = true;
    const timer = setTimeout(() => {
      importApi
        .analyze(file, { mapping: JSON.parse(key) as MappingConfig })
        .then((analysis) => {
          if (live) setRead({ key, analysis });
        })
        .catch(() => {
          // The last reading stays; processing the file reports any problem with the mapping.
        });
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [file, key, read.key]);
  return { read, setRead, checking: key !== null && key !== read.key };
}
