import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EVENT_SEQUENCE_HEADER, ImportNewBody, ImportResult, LEDGER_LIMITS, UpdateMatchedBody } from '@hf/contracts';
import { badRequest, conflict, errorResponses, HttpError, identityOf } from '@hf/service-kit';
import {
  clearUpdates,
  CommitRowError,
  commitRows,
  commitRowsDigest,
  ledgerRow,
  transactionCount,
} from '../domain/commit-rows';
import { recordClearedMatches, recordKeys } from '../repositories/import-keys';
import { claimRequestKey, releaseRequestKey } from '../repositories/import-requests';
import { AccountParams, IMPORT_ERRORS, IMPORT_SERVER_MESSAGES } from '../route-helpers';
import { StepTimes } from '../server-timing';

/** Import bodies hold up to 200,000 rows of JSON (the gateway caps them the same way). */
export const COMMIT_BODY_LIMIT = 64 * 1024 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

function checked<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof CommitRowError) throw badRequest(err.message);
    throw err;
  }
}

/** update_matched and import_new: one ledger call each, all or nothing. */
export async function commitRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: UpdateMatchedBody }>(
    '/api/import/update_matched',
    {
      bodyLimit: COMMIT_BODY_LIMIT,
      schema: { body: UpdateMatchedBody, response: { 200: ImportResult, ...IMPORT_ERRORS } },
    },
    async (request, reply) => {
      const { householdId, userId } = identityOf(request);
      const times = new StepTimes();
      const updates = checked(() => clearUpdates(request.body));
      const ids = [...new Set(request.body.transaction_ids)];
      if (ids.length === 0) return { message: `${transactionCount(0)} updated.`, count: 0 };
      times.mark('check');
      // An id of another household, or deleted: the ledger refuses the whole request (404).
      const result = await app.ledger.clear({
        household_id: householdId,
        transaction_ids: ids,
        updates,
        user_id: userId,
      });
      times.mark('ledger');
      await recordClearedMatches(app.db, householdId, ids);
      times.mark('keys');
      reply.header('server-timing', times.toString());
      // Read-your-writes: the client's next read of a report or the budget waits for these rows.
      reply.header(EVENT_SEQUENCE_HEADER, String(result.sequence));
      return { message: `${transactionCount(result.cleared)} updated.`, count: result.cleared };
    },
  );

  app.post<{ Params: AccountParams; Body: ImportNewBody }>(
    '/api/import/:accountId/import_new',
    {
      bodyLimit: COMMIT_BODY_LIMIT,
      schema: {
        params: AccountParams,
        body: ImportNewBody,
        response: { 200: ImportResult, ...IMPORT_ERRORS, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { householdId, userId } = identityOf(request);
      const times = new StepTimes();
      const accountId = request.params.accountId;
      const header = request.headers['idempotency-key'];
      if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)))
        throw badRequest(IMPORT_SERVER_MESSAGES.idempotencyKey);
      const rows = checked(() => commitRows(request.body));
      if (rows.length > LEDGER_LIMITS.internalBulk)
        throw badRequest(`Too many transactions (limit ${LEDGER_LIMITS.internalBulk}).`);
      // Without the header the request still creates its rows once; a retry of it creates them again.
      const key = `import:${accountId}:${header ?? randomUUID()}`;
      // A key already sent with other rows is refused: answering the first result would tell the
      // client its new selection was imported (docs/rules/import.md).
      const claim =
        header === undefined
          ? null
          : await claimRequestKey(app.db, householdId, accountId, header, commitRowsDigest(rows));
      if (claim === 'other') throw conflict(IMPORT_SERVER_MESSAGES.keyReused(header as string));
      times.mark('check');
      const result = await app.ledger
        .bulkCreate({
          household_id: householdId,
          account_id: accountId,
          idempotency_key: key,
          user_id: userId,
          transactions: rows.map(ledgerRow),
        })
        .catch(async (err: unknown) => {
          // The ledger refused the rows (it created none): the key may go with corrected ones.
          if (claim === 'new' && err instanceof HttpError && err.statusCode < 500)
            await releaseRequestKey(app.db, householdId, accountId, header as string);
          throw err;
        });
      // Rows with the bank's id are found by it at a re-import; the others by their exact twin.
      const keys = rows.flatMap((r, i) =>
        r.fitid === null ? [] : [{ key: `fitid:${r.fitid}`, transactionId: result.transaction_ids[i] }],
      );
      times.mark('ledger');
      await recordKeys(app.db, householdId, accountId, keys);
      times.mark('keys');
      reply.header('server-timing', times.toString());
      reply.header(EVENT_SEQUENCE_HEADER, String(result.sequence));
      return { message: `${transactionCount(result.created)} imported.`, count: result.created };
    },
  );
}
