// Bank import: analysis, saved mappings, reconciliation and commit (svc-import).
//
// Uploads are multipart (`file`, plus text fields named below); every other body is JSON.
// Money is a decimal number of dollars with at most 2 decimals, as in the ledger's HTTP bodies.
// Dates are calendar strings `YYYY-MM-DD` once parsed; cells are the file's text.
import Type, { type Static, type TLiteral, type TUnion } from 'typebox';
import { CalendarDateString, Id, Text, Amount } from './common';
import { AMOUNT_TYPES, DATE_ORDERS, DECIMAL_SEPARATORS, IMPORT_LIMITS, IMPORT_MESSAGES } from './import-limits';
import { SplitLinesInput } from './ledger';
import { Name, Payee } from './names';

export * from './import-limits';

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 300 });
const Column = NullableString;
/** A union of string literals whose static type is the literals' union (a mapped array alone types as `never`). */
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
const literals = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<Literals<T>>;

/**
 * Mapping config: which column holds what. A column is named by its header text, or `#1`, `#2`,
 * ... by position (a file without a header row). The spec's fields plus the extensions of
 * docs/rules/import.md (payee fallback, flip sign, CR/DR indicator, header row, number and date
 * formats). `amount_type` single reads `amount`; double reads `credit - debit`.
 */
export const MappingConfig = Type.Object(
  {
    date: Column,
    payee: Column,
    amount_type: literals(AMOUNT_TYPES),
    amount: Type.Optional(Column),
    debit: Type.Optional(Column),
    credit: Type.Optional(Column),
    category: Type.Optional(Column),
    notes: Type.Optional(Column),
    /** A row whose payee cell is blank takes this column's text (e.g. the description). */
    payee_fallback: Type.Optional(Column),
    /** Negate every amount (banks that write charges as positive numbers). */
    flip_sign: Type.Optional(Type.Boolean()),
    /** A column of `CR`/`DR` (also `C`/`D`, `credit`/`debit`): DR makes the amount negative. */
    indicator: Type.Optional(Column),
    /** False: the first row is data and columns are `#1`, `#2`, ... Default true. */
    has_header: Type.Optional(Type.Boolean()),
    /**
     * CSV: the 1-based row where the table starts (its header row, or its first data row without
     * one); the lines before it (account details, balances, a title) are not read. Default: found.
     */
    header_row: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    decimal_separator: Type.Optional(literals(DECIMAL_SEPARATORS)),
    date_order: Type.Optional(literals(DATE_ORDERS)),
    /** Overrides the detected character set (one of IMPORT_ENCODINGS). */
    encoding: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type MappingConfig = Static<typeof MappingConfig>;

export const SkippedRow = Type.Object({
  /** 1-based line of the record in the file (the header row is row 1 when there is one). */
  row_number: Type.Integer(),
  reason: Type.String(),
  /** The row's cells as read. */
  data: Type.Array(Type.String()),
});
export type SkippedRow = Static<typeof SkippedRow>;

/**
 * One decision of the column detection with its evidence: `field` is a mapping field (`date`,
 * `amount`, `debit`, ...) or `header_row`; `certain` false when another reading was close, so the
 * mapping page shows the reason.
 */
export const DetectionReason = Type.Object({
  field: Type.String(),
  column: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  certain: Type.Boolean(),
});
export type DetectionReason = Static<typeof DetectionReason>;

/**
 * POST /api/import/analyze (multipart: `file`; optional text field `mapping`, a MappingConfig as
 * JSON, to re-read the file with a chosen encoding, header row or formats).
 */
export const CsvAnalysis = Type.Object({
  /** `camt`: an ISO 20022 camt.053 statement (XML). OFX/QFX, QIF and CAMT need no mapping to import. */
  file_type: literals(['csv', 'ofx', 'qif', 'camt'] as const),
  headers: Type.Array(Type.String()),
  /** The first IMPORT_LIMITS.previewRows data rows, cells in header order. */
  rows: Type.Array(Type.Array(Type.String())),
  total_rows: Type.Integer(),
  skipped_rows: Type.Array(SkippedRow),
  /** The household's saved mapping whose headers equal this file's, else null. */
  saved_mapping: Type.Union([Type.Object({ mapping_name: Type.String(), mapping_config: MappingConfig }), Type.Null()]),
  /** Columns detected from the header text (spec rules plus common banks' languages). */
  detected_mapping: MappingConfig,
  encoding: Type.String(),
  /** False when the detector is unsure: the page shows the choice of IMPORT_ENCODINGS. */
  encoding_certain: Type.Boolean(),
  /** `,` `;` tab or `|` (CSV only). */
  delimiter: Type.Union([Type.String(), Type.Null()]),
  /** The decimal separator the amounts were read with; `ambiguous` when the file alone cannot tell. */
  decimal_separator: literals(['.', ',', 'ambiguous'] as const),
  date_order: literals(['MDY', 'DMY', 'YMD'] as const),
  /** A date of the file that reads as two real days when nothing in the file settles the order, else null. */
  date_order_ambiguous: Type.Union([Type.String(), Type.Null()]),
  /** CSV: the row where the table starts (rows before it were not read); null for other formats. */
  header_row: Type.Union([Type.Integer(), Type.Null()]),
  /** The evidence of each detection decision (detected_mapping and header_row). */
  reasons: Type.Array(DetectionReason),
  /** What the person should know about how rows were read (a QIF row's payee taken from its memo). */
  notices: Type.Array(Type.String()),
});
export type CsvAnalysis = Static<typeof CsvAnalysis>;

/** POST /api/import/mappings. Answers SavedMapping (a second save of a name replaces it). */
export const SaveMappingBody = Type.Object(
  {
    mapping_name: Name(IMPORT_LIMITS.mappingName, IMPORT_MESSAGES.mappingNameRequired),
    headers: Type.Array(Type.String({ maxLength: 300 }), { maxItems: IMPORT_LIMITS.maxColumns }),
    mapping_config: MappingConfig,
  },
  { additionalProperties: false },
);
export type SaveMappingBody = Static<typeof SaveMappingBody>;
export const SavedMapping = Type.Object({
  id: Id,
  mapping_name: Type.String(),
  headers: Type.Array(Type.String()),
  mapping_config: MappingConfig,
});
export type SavedMapping = Static<typeof SavedMapping>;

/** A row read from the file under the mapping. */
export const ImportedRow = Type.Object({
  row_number: Type.Integer(),
  date: CalendarDateString,
  payee: Type.String(),
  amount: Type.Number(),
  category: Type.String(),
  notes: Type.String(),
  /** The bank's transaction id (OFX/QFX FITID), else null. */
  fitid: Type.Union([Type.String(), Type.Null()]),
  /**
   * New rows a rule matched (docs/rules/rules.md): the category a rule set (absent when none did;
   * payee and notes above are already the rules' values) and the first rule that matched.
   */
  category_id: Type.Optional(Id),
  rule_id: Type.Optional(Id),
});
export type ImportedRow = Static<typeof ImportedRow>;

export const ExistingRow = Type.Object({
  id: Id,
  date: Type.String(),
  payee: Type.String(),
  amount: Type.Number(),
  is_budgeted: Type.Boolean(),
});
export type ExistingRow = Static<typeof ExistingRow>;

/**
 * POST /api/import/:accountId (multipart: `file`, `mapping` as JSON; an OFX/QFX, QIF or CAMT file
 * may come without `mapping`: its reader names its columns). Reconciliation data:
 * `matched` pairs (existing not-yet-cleared rows to clear), `new` rows to import, and
 * `duplicates`: imported rows whose exact twin is already cleared (or whose bank id was imported
 * before), shown unticked.
 */
export const ReconciliationData = Type.Object({
  matched: Type.Array(Type.Object({ imported: ImportedRow, existing: ExistingRow })),
  new: Type.Array(ImportedRow),
  duplicates: Type.Array(Type.Object({ imported: ImportedRow, existing: ExistingRow })),
  skipped_rows: Type.Array(SkippedRow),
});
export type ReconciliationData = Static<typeof ReconciliationData>;

/**
 * POST /api/import/update_matched: clears the rows (status x). `updates` carries the imported
 * date and amount of matched budgeted rows, which become actual with those values.
 */
export const UpdateMatchedBody = Type.Object(
  {
    transaction_ids: Type.Array(Id, { maxItems: IMPORT_LIMITS.maxCommitRows }),
    updates: Type.Optional(
      Type.Array(Type.Object({ id: Id, date: CalendarDateString, amount: Amount }, { additionalProperties: false }), {
        maxItems: IMPORT_LIMITS.maxCommitRows,
      }),
    ),
  },
  { additionalProperties: false },
);
export type UpdateMatchedBody = Static<typeof UpdateMatchedBody>;

export const ImportNewTransaction = Type.Object(
  {
    date: CalendarDateString,
    payee: Payee(200),
    amount: Amount,
    notes: Type.Optional(Text(1000)),
    /** Overrides the request's category_id for this row; null: uncategorised. */
    category_id: Type.Optional(Type.Union([Id, Type.Null()])),
    fitid: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    /**
     * The row split before import: its lines as the ledger's create takes them (2..100, amounts
     * signed like `amount`, summing exactly to it); the row's category then is none (the
     * request's and this row's category_id do not apply). `[]` or null: not split.
     */
    splits: Type.Optional(SplitLinesInput),
  },
  // A row of the reconcile answer is accepted as it is: fields not needed here (`row_number`, the
  // file's `category` text) are ignored, not refused (docs/rules/import.md).
  { additionalProperties: true },
);
export type ImportNewTransaction = Static<typeof ImportNewTransaction>;

/**
 * POST /api/import/:accountId/import_new (header `Idempotency-Key`): creates every row with
 * status x in one ledger transaction, all or none. The same key again creates nothing twice.
 */
export const ImportNewBody = Type.Object(
  {
    transactions: Type.Array(ImportNewTransaction, { minItems: 1, maxItems: IMPORT_LIMITS.maxCommitRows }),
    category_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ImportNewBody = Static<typeof ImportNewBody>;

/** Answer of update_matched and import_new. */
export const ImportResult = Type.Object({ message: Type.String(), count: Type.Integer() });
export type ImportResult = Static<typeof ImportResult>;
