import type { FastifyInstance } from 'fastify';
import { fromDayNumber } from '@hf/calendar';
import { ReconciliationData, type ExistingRow, type ImportedRow, type RuleOutcome } from '@hf/contracts';
import { fromCents } from '@hf/money';
import { badRequest, requestToday, sendJsonAnswer, identityOf } from '@hf/service-kit';
import { candidateRange, existingFromLedger, reconcile, rowKey, type ExistingTransaction } from '../domain/matching';
import type { MappedRow } from '../domain/statement';
import { fitLongPayee } from '../domain/long-payee';
import { mapRows } from '../reading';
import { formatMapping } from '../reading/format-mappings';
import { readStatementAgain } from '../reading/statement-cache';
import { recordedKeys, rememberMatches } from '../repositories/import-keys';
import { AccountParams, readingFile, IMPORT_ERRORS, IMPORT_SERVER_MESSAGES, requireMapping } from '../route-helpers';
import { StepTimes } from '../server-timing';
import { mappingField, readUpload } from '../upload';

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

/** A new row with what the household's rules set on it (docs/rules/rules.md): payee, notes, category and the rule. */
function ruledRow(row: MappedRow, outcome: RuleOutcome | null | undefined): ImportedRow {
  const imported = importedRow(row);
  if (!outcome) return imported;
  if (outcome.payee !== null) imported.payee = outcome.payee;
  if (outcome.notes !== null) imported.notes = addedNotes(imported.notes, outcome.notes);
  if (outcome.category_id !== null) imported.category_id = outcome.category_id;
  imported.rule_id = outcome.rule_id;
  return imported;
}

/** As the ledger's rules add notes: appended after a space unless already there. */
const addedNotes = (notes: string, added: string) =>
  notes.includes(added) ? notes : notes.trim() === '' ? added : `${notes} ${added}`;

function existingRow(row: ExistingTransaction): ExistingRow {
  return {
    id: row.id,
    date: row.date,
    payee: row.payee,
    amount: fromCents(row.amountCents),
    is_budgeted: row.isBudgeted,
  };
}

/** The household's rules on each row, asking the ledger once per distinct payee/amount/notes tuple. */
async function evaluateDistinct(
  app: FastifyInstance,
  householdId: number,
  accountId: number,
  rows: readonly MappedRow[],
): Promise<{ results: Array<RuleOutcome | null> }> {
  const index = new Map<string, number>();
  const slots = new Array<number>(rows.length);
  const payees: string[] = [];
  const amounts: number[] = [];
  const notes: string[] = [];
  rows.forEach((row, i) => {
    const key = `${row.amountCents}\u0000${row.payee}\u0000${row.notes}`;
    let slot = index.get(key);
    if (slot === undefined) {
      slot = payees.length;
      index.set(key, slot);
      payees.push(row.payee);
      amounts.push(row.amountCents);
      notes.push(row.notes);
    }
    slots[i] = slot;
  });
  const { results } = await app.ledger.evaluateRules({
    household_id: householdId,
    account_id: accountId,
    payees,
    amounts_cents: amounts,
    notes,
  });
  return { results: slots.map((slot) => results[slot] ?? null) };
}

/**
 * POST /api/import/:accountId: a file read under its mapping (an OFX/QFX, QIF or CAMT file's own
 * without one), reconciled with the account's register.
 */
export async function reconcileRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: AccountParams }>(
    '/api/import/:accountId',
    { schema: { params: AccountParams, response: { 200: ReconciliationData, ...IMPORT_ERRORS } } },
    async (request, reply) => {
      const { householdId, userId } = identityOf(request);
      const times = new StepTimes();
      const accountId = request.params.accountId;
      const today = requestToday(request, app.today());
      const mapped = await readingFile(() =>
        readUpload(request, async (upload) => {
          const raw = mappingField(upload.fields);
          const chosen = raw === undefined ? undefined : requireMapping(raw);
          // The table the analysis read, when these are the same bytes (else they are read now).
          const options = {
            filename: upload.filename,
            encoding: chosen?.encoding,
            hasHeader: chosen?.has_header,
            headerRow: chosen?.header_row,
          };
          const table = await readStatementAgain(app.statements, `${householdId}:${userId}`, upload.stream, options);
          // OFX/QFX, QIF and CAMT name their own columns; a CSV needs the person's mapping.
          const mapping = chosen ?? formatMapping(table.fileType);
          if (!mapping) {
            await table.rows[Symbol.asyncIterator]().return?.();
            throw badRequest(IMPORT_SERVER_MESSAGES.mappingRequired);
          }
          const result = await mapRows(table, mapping, { today });
          return { ...result, rows: result.rows.map(fitLongPayee) };
        }),
      );
      times.mark('read');
      // One candidates call for the whole file (and a 404 for another household's account, even
      // when no row of the file was readable).
      // The household's rules on every readable row, asked of the ledger while it reads the
      // candidates (decision 0129); a refusal is handled where it is awaited.
      // A household without rules is told by a tiny count call, and no row is sent; otherwise only
      // the distinct payee/amount/notes tuples are sent (a statement repeats them a lot).
      const rulesAsked: Promise<{ results: Array<RuleOutcome | null> }> =
        mapped.rows.length === 0
          ? Promise.resolve({ results: [] })
          : app.ledger
              .ruleCount({ household_id: householdId })
              .then(({ count }) =>
                count === 0 ? { results: [] } : evaluateDistinct(app, householdId, accountId, mapped.rows),
              );
      rulesAsked.catch(() => undefined);
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
      const ruled = (await rulesAsked).results;
      // A household without rules (no results) needs no row -> outcome map: 50,000 entries cost.
      const outcomes = new Map<MappedRow, RuleOutcome | null>();
      if (ruled.length > 0) mapped.rows.forEach((row, i) => outcomes.set(row, ruled[i]));
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
        new: result.new.map((row) => ruledRow(row, outcomes.get(row))),
        duplicates: result.duplicates.map((d) => ({ imported: importedRow(d.row), existing: existingRow(d.existing) })),
        skipped_rows: mapped.skipped,
      };
      // JSON.stringify, not the schema's serializer: every object here is built field by field in
      // the schema's order (importedRow, existingRow, mapRows' skipped rows), so the text is the same
      // (tested), at a fraction of the CPU and garbage. Then gzip'ed here when the
      // client accepts it: megabytes of JSON, which the gateway would compress on its own event loop.
      return sendJsonAnswer(request, reply, JSON.stringify(answer));
    },
  );
}
