/** The column-mapping page's pure rules (docs/rules/import.md). */
import { IMPORT_FILE_EXTENSIONS, IMPORT_MESSAGES } from '@hf/contracts/import-limits';
import type { CsvAnalysis, MappingConfig } from '@hf/contracts/import';
import { MONTH_NAMES } from '@hf/calendar';

/** The skipped-rows warning lists this many before its toggle (docs/rules/import.md). */
export const SKIPPED_PREVIEW_ROWS = 10;

export const MAPPING_NAME_PLACEHOLDER = 'e.g. Chase Checking';
export const MAPPING_INCOMPLETE_MESSAGE = 'Please choose the date, payee and amount columns.';
export const FILE_TYPE_MESSAGE = `Please choose a ${IMPORT_FILE_EXTENSIONS.join(', ')} file.`;

/** The file modal's `accept`: the extensions plus CSV's media types. */
export const FILE_ACCEPT = [...IMPORT_FILE_EXTENSIONS, 'text/csv'].join(',');

export function hasImportExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return IMPORT_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** "1.2 MB", "830 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/** A column the selects offer: the reference the mapping stores and the text a person reads. */
export interface ColumnChoice {
  value: string;
  label: string;
}

/**
 * The columns of an analysis. With a header row a column is named by its header text; without
 * one by position (`#1`, `#2`, ...), labelled with the first row's cell so people recognise it.
 */
export function columnChoices(analysis: Pick<CsvAnalysis, 'headers' | 'rows'>, hasHeader: boolean): ColumnChoice[] {
  return analysis.headers.map((header, i) => {
    if (hasHeader) return { value: header, label: header || `Column ${i + 1}` };
    const sample = analysis.rows[0]?.[i]?.trim();
    return {
      value: `#${i + 1}`,
      label: sample
        ? `Column ${i + 1} (${sample.length > 24 ? `${sample.slice(0, 24)}…` : sample})`
        : `Column ${i + 1}`,
    };
  });
}

/** The mapping the page starts from: the saved one for these headers, else the detected one. */
export function initialMapping(analysis: Pick<CsvAnalysis, 'saved_mapping' | 'detected_mapping'>): MappingConfig {
  return { ...(analysis.saved_mapping?.mapping_config ?? analysis.detected_mapping) };
}

/**
 * After a re-analysis (header row or encoding changed): the new file's detected columns, keeping
 * the reading options the person chose.
 */
export function mappingAfterReanalysis(
  previous: MappingConfig,
  analysis: Pick<CsvAnalysis, 'saved_mapping' | 'detected_mapping'>,
): MappingConfig {
  const next = initialMapping(analysis);
  for (const key of ['has_header', 'header_row', 'encoding', 'decimal_separator', 'date_order', 'flip_sign'] as const) {
    if (previous[key] !== undefined) (next as Record<string, unknown>)[key] = previous[key];
  }
  return next;
}

const filled = (column: string | null | undefined): column is string => typeof column === 'string' && column !== '';

/** A mapping the server can read: date, payee, and the amount column(s) of its amount type. */
export function mappingProblem(mapping: MappingConfig): string | null {
  if (!filled(mapping.date) || !filled(mapping.payee)) return MAPPING_INCOMPLETE_MESSAGE;
  if (mapping.amount_type === 'single' ? !filled(mapping.amount) : !filled(mapping.debit) || !filled(mapping.credit))
    return MAPPING_INCOMPLETE_MESSAGE;
  return null;
}

/** "Save this mapping" ticked (the default) needs a name (docs/rules/import.md). */
export function mappingNameProblem(save: boolean, name: string): string | null {
  return save && !name.trim() ? IMPORT_MESSAGES.mappingNameRequired : null;
}

/** The alert after a failed save; the import continues. */
export function mappingSaveFailedText(serverMessage: string | null): string {
  return IMPORT_MESSAGES.mappingSaveFailed + (serverMessage || IMPORT_MESSAGES.unknownError);
}

/**
 * The mapping as sent: unused columns of the other amount type dropped, blank optional columns
 * left out, so what is saved and processed says exactly what the page shows.
 */
export function cleanMapping(mapping: MappingConfig): MappingConfig {
  const out: MappingConfig = { date: mapping.date, payee: mapping.payee, amount_type: mapping.amount_type };
  if (mapping.amount_type === 'single') {
    if (filled(mapping.amount)) out.amount = mapping.amount;
  } else {
    if (filled(mapping.debit)) out.debit = mapping.debit;
    if (filled(mapping.credit)) out.credit = mapping.credit;
  }
  for (const key of ['category', 'notes', 'payee_fallback', 'indicator'] as const)
    if (filled(mapping[key])) out[key] = mapping[key];
  if (mapping.flip_sign) out.flip_sign = true;
  if (mapping.has_header === false) out.has_header = false;
  if (mapping.header_row !== undefined) out.header_row = mapping.header_row;
  if (mapping.decimal_separator && mapping.decimal_separator !== 'auto')
    out.decimal_separator = mapping.decimal_separator;
  if (mapping.date_order && mapping.date_order !== 'auto') out.date_order = mapping.date_order;
  if (mapping.encoding) out.encoding = mapping.encoding;
  return out;
}

/** How the file is read, without its columns: what a re-analysis sends. */
export function readingOnly(mapping: MappingConfig): MappingConfig {
  return cleanMapping({
    date: null,
    payee: null,
    amount_type: 'single',
    has_header: mapping.has_header,
    header_row: mapping.header_row,
    encoding: mapping.encoding,
    decimal_separator: mapping.decimal_separator,
    date_order: mapping.date_order,
  });
}

/** The skipped rows the warning lists: the first 10, or all after the toggle. */
export function visibleSkippedRows<T>(rows: readonly T[], showAll: boolean): readonly T[] {
  return showAll ? rows : rows.slice(0, SKIPPED_PREVIEW_ROWS);
}

/** The detection's reasons the page shows: those where another reading was close. */
export function unsureReasons(analysis: Pick<CsvAnalysis, 'reasons'>): CsvAnalysis['reasons'] {
  return analysis.reasons.filter((r) => !r.certain);
}

/**
 * A date text that reads as two real days, as a person reads each: `02.03.2018` is "2 March 2018"
 * day first and "February 3, 2018" month first. Null for a text that is not such a date.
 */
export function twoReadings(text: string): { dayFirst: string; monthFirst: string } | null {
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a < 1 || a > 12 || b < 1 || b > 12) return null;
  const year = m[3].length === 2 ? (Number(m[3]) < 70 ? 2000 : 1900) + Number(m[3]) : Number(m[3]);
  return { dayFirst: `${a} ${MONTH_NAMES[b - 1]} ${year}`, monthFirst: `${MONTH_NAMES[a - 1]} ${b}, ${year}` };
}

/** The hint under the date order when the file cannot settle it. */
export function dateOrderHint(ambiguous: string | null): string | null {
  if (ambiguous === null) return null;
  const readings = twoReadings(ambiguous);
  if (!readings) return `Dates such as “${ambiguous}” could be read day first or month first.`;
  return `“${ambiguous}” could be ${readings.dayFirst} (day first) or ${readings.monthFirst} (month first): nothing in the file tells.`;
}

/** The mapping's text that decides which rows are skipped: a change of it reads the file again. */
export function readingKey(mapping: MappingConfig): string {
  return JSON.stringify(cleanMapping(mapping));
}
