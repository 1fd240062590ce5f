/**
 * svc-import's file readers: an upload's bytes to a table (readStatement), the columns a header
 * row suggests (detectMapping) and the table's rows under a mapping (mapRows). No HTTP, no SQL.
 */
export {
  readStatement,
  type ReadStatementOptions,
  TOO_MANY_ROWS_MESSAGE,
  HEADER_ONLY_MESSAGE,
  NO_TRANSACTIONS_MESSAGE,
} from './read-statement';
export { NOT_TEXT_MESSAGE, TOO_LARGE_MESSAGE, EMPTY_MESSAGE } from './upload-bytes';
export { detectColumns, detectMapping } from './detect-mapping';
export { mapRows, columnIndex, type MapRowsOptions, type MappedResult } from './map-rows';
export { sampleRows } from './sample-rows';
export { looksLikeData } from './read-statement';
