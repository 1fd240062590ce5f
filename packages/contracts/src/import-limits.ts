/**
 * Import constants the front end uses as values. A leaf module (no schema library), like
 * ledger-limits: importing it from mf-ledger does not bring typebox into the bundle.
 */

export const IMPORT_LIMITS = {
  /** A file over this many bytes is refused while streaming; nothing is written. */
  maxFileBytes: 10 * 1024 * 1024,
  /** A file with more data rows than this is refused while streaming; nothing is written. */
  maxRows: 200_000,
  /** Preview rows in the analysis. */
  previewRows: 20,
  /** A saved mapping's name. */
  mappingName: 100,
  /** Headers of one file (columns). */
  maxColumns: 200,
  /** One cell's text. */
  cellLength: 10_000,
  /** Rows of one import_new or update_matched call. */
  maxCommitRows: 200_000,
} as const;

/** File types the file modal accepts; CSV is the default and the one the modal's text names. */
export const IMPORT_FILE_EXTENSIONS = ['.csv', '.ofx', '.qfx', '.qif', '.xml'] as const;

/** `amount_type` of a mapping. */
export const AMOUNT_TYPES = ['single', 'double'] as const;
export type AmountType = (typeof AMOUNT_TYPES)[number];

/** How dates of a file are read; `auto` picks the one order under which every date is real. */
export const DATE_ORDERS = ['auto', 'MDY', 'DMY', 'YMD'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** The decimal separator of amounts; `auto` decides only when the file is unambiguous. */
export const DECIMAL_SEPARATORS = ['auto', '.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

/** Encodings a person can choose on the mapping page when the detector is unsure. */
export const IMPORT_ENCODINGS = ['UTF-8', 'windows-1252', 'ISO-8859-1', 'windows-1250', 'ISO-8859-2'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** Column references: a header's text, or `#1`, `#2`, ... (by position, for files without a header row). */
export const POSITIONAL_COLUMN = /^#([1-9][0-9]{0,2})$/;

/** The messages of the import flow (docs/rules/import.md) the front end shows. */
export const IMPORT_MESSAGES = {
  selectFile: 'Please select a file first.',
  mappingNameRequired: 'Please enter a name for this mapping to save it.',
  mappingSaveFailed: 'Could not save the mapping: ',
  unknownError: 'Unknown error',
  processFailed: 'Failed to process file.',
  analysisFailed: 'File analysis failed.',
  importCancelled: 'Import cancelled.',
  actionFailed: 'An error occurred.',
  complete: 'Reconciliation Complete',
} as const;
