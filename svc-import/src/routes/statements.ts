import type { FastifyInstance } from 'fastify';
import { fromDayNumber } from '@hf/calendar';
import { CsvAnalysis, ReconciliationData, type ExistingRow, type ImportedRow, type MappingConfig } from '@hf/contracts';
import { fromCents } from '@hf/money';
import { badRequest, requestToday, sendJsonAnswer } from '@hf/service-kit';
import { candidateRange, existingFromLedger, reconcile, rowKey, type ExistingTransaction } from '../domain/matching';
import type { MappedRow } from '../domain/statement';
import { fitLongPayee } from '../domain/long-payee';
import { detectMapping, mapRows, readStatement, sampleRows } from '../reading';
import { digestTap, heldTable, keepRows, readStatementAgain } from '../reading/statement-cache';
import { recordedKeys, rememberMatches } from '../repositories/import-keys';
import { mappingForHeaders } from '../repositories/mappings';
import { AccountParams, asHttpError, caller, errorResponses, IMPORT_SERVER_MESSAGES, requireMapping } from './common';
import { StepTimes } from './server-timing';
import { mappingField, readUpload } from './upload';

function importedRow(row: MappedRow): ImportedRow {
  return {
    row_number: row.rowNumber,
    date: row.date,
    payee: row.payee,
    amount: fromCents(row.amountCents),
    category: row.category,
    notes: row.notes,
    fitid: row.fitid,
  };
}

function existingRow(row: ExistingTransaction): ExistingRow {
  return {
    id: row.id,
    date: row.date,
    payee: row.payee,
    amount: fromCents(row.amountCents),
    is_budgeted: row.isBudgeted,
  };
}

/** Bytes of a multipart upload besides the file's (boundaries, part headers, the mapping field). */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** Rows read ahead for column detection. */
const DETECTION_SAMPLE_ROWS = 20;

/** Reading a file: the readers' refusals keep their status and message. */
async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asHttpError(err);
  }
}

/** POST /api/import/analyze and POST /api/import/:accountId: a file in, analysis or reconciliation out. */
export async function statementRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/import/analyze',
    { schema: { response: { 200: CsvAnalysis, ...errorResponses } } },
    async (request) => {
      const { householdId, userId } = caller(request);
      const today = requestToday(request, app.today());
      return reading(() =>
        readUpload(request, async (upload): Promise<CsvAnalysis> => {
          const raw = mappingField(upload.fields);
          const chosen = raw === undefined ? undefined : requireMapping(raw);
          const options = { filename: upload.filename, encoding: chosen?.encoding, hasHeader: chosen?.has_header };
          // The bytes are hashed and a small file's rows kept as they are read: the reconciliation
          // of the same bytes takes this table instead of reading them again.
          const limit = app.statements.limits.maxFileBytes;
          const tap = digestTap(upload.stream, limit);
          const read = await readStatement(tap.stream, options);
          // A request that says it is bigger than a file the cache keeps (plus the multipart's own
          // bytes) keeps no rows at all: holding the first 4 MB's rows only to drop them costs the
          // garbage collector more than the reading of them.
          const declared = Number(request.headers['content-length']);
          const mayKeep = !(Number.isFinite(declared) && declared > limit + MULTIPART_ALLOWANCE);
          const kept = keepRows(read, () => mayKeep && tap.bytes() <= limit);
          // The first rows tell columns a header cannot (a file without one, a CR/DR column).
          const { sample, table } = await sampleRows(kept.table, DETECTION_SAMPLE_ROWS);
          const headers = [...table.headers];
          const saved = await mappingForHeaders(app.db, householdId, headers);
          const detected = detectMapping(headers, sample);
          // The rows are read under the person's mapping, else the saved one, else the detected one.
          const mapping: MappingConfig = chosen ?? saved?.mapping_config ?? detected;
          const mapped = await mapRows(table, mapping, { today, keepRows: false });
          const file = tap.result();
          const rows = kept.rows();
          if (file && rows)
            app.statements.store(`${householdId}:${userId}`, file.digest, file.bytes, options, heldTable(read, rows));
          return {
            file_type: table.fileType,
            headers,
            rows: mapped.preview,
            total_rows: mapped.totalRows,
            skipped_rows: mapped.skipped,
            saved_mapping: saved,
            detected_mapping: detected,
            encoding: table.encoding,
            encoding_certain: table.encodingCertain,
            delimiter: table.delimiter,
            decimal_separator: mapped.decimalSeparator,
            date_order: mapped.dateOrder,
          };
        }),
      );
    },
  );

  app.post<{ Params: AccountParams }>(
    '/api/import/:accountId',
    { schema: { params: AccountParams, response: { 200: ReconciliationData, ...errorResponses } } },
    async (request, reply) => {
      const { householdId, userId } = caller(request);
      const times = new StepTimes();
      const accountId = request.params.accountId;
      const today = requestToday(request, app.today());
      const mapped = await reading(() =>
        readUpload(request, async (upload) => {
          const raw = mappingField(upload.fields);
          if (raw === undefined) throw badRequest(IMPORT_SERVER_MESSAGES.mappingRequired);
          const mapping = requireMapping(raw);
          // The table the analysis read, when these are the same bytes (else they are read now).
          const options = { filename: upload.filename, encoding: mapping.encoding, hasHeader: mapping.has_header };
          const table = await readStatementAgain(app.statements, `${householdId}:${userId}`, upload.stream, options);
          const result = await mapRows(table, mapping, { today });
          return { ...result, rows: result.rows.map(fitLongPayee) };
        }),
      );
      times.mark('read');
      // One candidates call for the whole file (and a 404 for another household's account, even
      // when no row of the file was readable).
      const range = candidateRange(mapped.rows);
      const from = range ? fromDayNumber(range.from) : today;
      const to = range ? fromDayNumber(range.to) : today;
      const candidates = (
        await app.ledger.candidates({ household_id: householdId, account_id: accountId, from, to })
      ).map(existingFromLedger);
      times.mark('candidates');
      const recorded = await recordedKeys(app.db, householdId, accountId, mapped.rows.length, () =>
        mapped.rows.map(rowKey),
      );
      times.mark('keys');
      const result = reconcile(mapped.rows, candidates, recorded);
      times.mark('match');
      // update_matched carries ids only: the file rows' keys wait here until those ids are cleared.
      await rememberMatches(
        app.db,
        householdId,
        accountId,
        result.matched.map((m) => ({ key: rowKey(m.row), transactionId: m.existing.id })),
      );
      times.mark('remember');
      reply.header('server-timing', times.toString());
      const answer: ReconciliationData = {
        matched: result.matched.map((m) => ({ imported: importedRow(m.row), existing: existingRow(m.existing) })),
        new: result.new.map(importedRow),
        duplicates: result.duplicates.map((d) => ({ imported: importedRow(d.row), existing: existingRow(d.existing) })),
        skipped_rows: mapped.skipped,
      };
      // JSON.stringify, not the schema's serializer: every object here is built field by field in
      // the schema's order (importedRow, existingRow, mapRows' skipped rows), so the text is the same
      // (tested), at a quarter of the CPU and garbage for 50,000 rows. Then gzip'ed here when the
      // client accepts it: ~8 MB of JSON, which the gateway would compress on its own event loop.
      return sendJsonAnswer(request, reply, JSON.stringify(answer));
    },
  );
}
