import type { FastifyInstance } from 'fastify';
import { CsvAnalysis, type MappingConfig } from '@hf/contracts';
import { requestToday, identityOf } from '@hf/service-kit';
import { detectColumns, mapRows, readStatement, sampleRows } from '../reading';
import { tableStartReasons } from '../reading/table-start';
import { digestTap, heldTable, keepRows } from '../reading/statement-cache';
import type { FileType } from '../domain/statement';
import { formatMapping } from '../reading/format-mappings';
import { mappingForHeaders } from '../repositories/mappings';
import { readingFile, IMPORT_ERRORS, requireMapping } from '../route-helpers';
import { mappingField, readUpload } from '../upload';

/** Bytes of a multipart upload besides the file's (boundaries, part headers, the mapping field). */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** Rows read ahead for column detection. */
const DETECTION_SAMPLE_ROWS = 20;

/** POST /api/import/analyze: a file in, its columns, a preview and the mapping to read it with out. */
export async function analyzeRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/import/analyze', { schema: { response: { 200: CsvAnalysis, ...IMPORT_ERRORS } } }, async (request) => {
    const { householdId, userId } = identityOf(request);
    const today = requestToday(request, app.today());
    return readingFile(() =>
      readUpload(request, async (upload): Promise<CsvAnalysis> => {
        const raw = mappingField(upload.fields);
        const chosen = raw === undefined ? undefined : requireMapping(raw);
        const options = {
          filename: upload.filename,
          encoding: chosen?.encoding,
          hasHeader: chosen?.has_header,
          headerRow: chosen?.header_row,
        };
        // The bytes are hashed and a small file's rows kept as they are read: the reconciliation
        // of the same bytes takes this table instead of reading them again.
        // The largest file kept depends on its type (a CAMT file holds few rows per byte).
        let fileType: FileType | null = null;
        const limit = () => app.statements.maxBytesOf(fileType);
        const tap = digestTap(upload.stream, limit);
        const read = await readStatement(tap.stream, options);
        fileType = read.fileType;
        // A request that says it is bigger than a file the cache keeps (plus the multipart's own
        // bytes) keeps no rows at all: holding the first 4 MB's rows only to drop them costs the
        // garbage collector more than the reading of them.
        const declared = Number(request.headers['content-length']);
        const mayKeep = !(Number.isFinite(declared) && declared > limit() + MULTIPART_ALLOWANCE);
        const kept = keepRows(read, () => mayKeep && tap.bytes() <= limit());
        // The first rows tell columns a header cannot (a file without one, a CR/DR column).
        const { sample, table } = await sampleRows(kept.table, DETECTION_SAMPLE_ROWS);
        const headers = [...table.headers];
        const saved = await mappingForHeaders(app.db, householdId, headers);
        // A format that names its own columns is read with them (as its mapping-free import is).
        const format = formatMapping(table.fileType);
        const detection = format ? { mapping: format, reasons: [] } : detectColumns(headers, sample);
        const detected = detection.mapping;
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
          date_order_ambiguous: mapped.dateOrderAmbiguous,
          header_row: table.headerRow ?? null,
          reasons: [...tableStartReasons(table, chosen?.header_row !== undefined), ...detection.reasons],
          notices: read.notices ?? [],
        };
      }),
    );
  });
}
