/**
 * The JavaScript pieces of a 50,000-row import_new, each alone (no HTTP, no database): svc-import's
 * body parse, validation, row checks and request digest, the ledger call's body, the ledger's
 * parse, validation and row checks, and the INSERT's column arrays (`pgArray`). Prints each
 * piece's CPU time (user + system, median of 7 after 2 warm-ups: less dependent on what else the
 * machine runs than wall time). What is left of import_new's time is the database's and HTTP's.
 * Asserts nothing.
 *
 *   node --import tsx bench/import-pieces.ts        (IMPORT_PIECES_ROWS=10000: another size)
 */
import { ImportNewBody } from '@hf/contracts';
import { BulkCreateBody } from '@hf/contracts/ledger-internal';
import { checkBulkRows } from '@hf/ledger-client/bulk-rows';
import { parseJsonBody, pgArray } from '@hf/service-kit';
import { validatorCompiler } from '@hf/service-kit/validation';
import { commitRows, commitRowsDigest, ledgerRow } from '@hf/svc-import/commit-rows';

const ROWS = Number(process.env.IMPORT_PIECES_ROWS ?? 50_000);
const RUNS = 7;
const WARM_UPS = 2;

/** The bench statement's shape: 600 payees, two years of dates, amounts in dollars, a memo on every 4th row. */
function importNewText(rows: number): Buffer {
  const payees = Array.from({ length: 600 }, (_, i) => `PAYEE ${i} STORE #${1000 + i} CITY`);
  const transactions = Array.from({ length: rows }, (_, i) => ({
    date: `${2024 + (i % 2)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    payee: payees[(i * 7) % 600],
    amount: Number((((i % 3) - 1.5) * ((i * 7.31) % 2000)).toFixed(2)),
    notes: i % 4 === 0 ? `memo ${i}` : '',
    category_id: null,
    fitid: null,
  }));
  return Buffer.from(JSON.stringify({ transactions }));
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
const bodyValidator = (schema: unknown) =>
  (validatorCompiler as unknown as (route: { schema: unknown; httpPart: string }) => Validate)({
    schema,
    httpPart: 'body',
  });

function validated(validate: Validate, body: unknown): void {
  if (!validate(body)) throw new Error(`invalid body: ${JSON.stringify(validate.errors)}`);
}

export function runImportPieces(): void {
  const text = importNewText(ROWS);
  const importValidator = bodyValidator(ImportNewBody);
  const bulkValidator = bodyValidator(BulkCreateBody);
  const times = new Map<string, number[]>();
  const piece = <T>(name: string, work: () => T): T => {
    const before = process.cpuUsage();
    const result = work();
    const used = process.cpuUsage(before);
    times.set(name, [...(times.get(name) ?? []), (used.user + used.system) / 1000]);
    return result;
  };
  for (let run = 0; run < WARM_UPS + RUNS; run++) {
    if (run === WARM_UPS) times.clear();
    const body = piece('svc-import: parse the body', () => parseJsonBody(text)) as ImportNewBody;
    piece('svc-import: validate (Ajv + Name)', () => validated(importValidator, body));
    const rows = piece('svc-import: commitRows', () => commitRows(body));
    piece('svc-import: request digest', () => commitRowsDigest(rows));
    const ledgerText = piece('svc-import: the ledger body as JSON', () =>
      Buffer.from(
        JSON.stringify({
          household_id: 1,
          account_id: 1,
          idempotency_key: 'import:1:bench',
          user_id: 1,
          transactions: rows.map(ledgerRow),
        }),
      ),
    );
    const bulk = piece('ledger: parse the body', () => parseJsonBody(ledgerText)) as BulkCreateBody;
    piece('ledger: validate (Ajv + Name)', () => validated(bulkValidator, bulk));
    const checked = piece('ledger: checkBulkRows', () => checkBulkRows(bulk.transactions));
    piece('ledger: INSERT column arrays (pgArray)', () =>
      [
        pgArray(checked.map((_, i) => 1000 + i)),
        pgArray(checked.map((r) => r.date)),
        pgArray(checked.map((r) => r.payee)),
        pgArray(checked.map((r) => r.amount_cents)),
        pgArray(checked.map((r) => r.notes)),
      ].reduce((bytes, column) => bytes + column.length, 0),
    );
  }
  console.log(`\n== import pieces: ${ROWS.toLocaleString('en-US')} rows of import_new, CPU ms (median of ${RUNS}) ==`);
  let total = 0;
  for (const [name, ms] of times) {
    const sorted = [...ms].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    total += median;
    console.log(
      `  ${name.padEnd(42)} ${median.toFixed(1).padStart(7)}  (${sorted[0].toFixed(1)}-${sorted[sorted.length - 1].toFixed(1)})`,
    );
  }
  console.log(`  ${'sum of the medians'.padEnd(42)} ${total.toFixed(1).padStart(7)}`);
}

runImportPieces();
