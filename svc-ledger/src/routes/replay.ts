import type { FastifyInstance } from 'fastify';
import { ReplayBody, ReplayHouseholds, ReplayPage } from '@hf/contracts/ledger-internal';
import { withTransaction } from '@hf/service-kit';
import { toEventSnapshot } from '../domain/transaction-rules';
import { accountRows, accountSnapshot } from '../repositories/accounts';
import { categoriesOf, categorySnapshot } from '../repositories/categories';
import type { Queryable } from '../repositories/sql';
import { liveRowsAfter } from '../repositories/transactions';
import { errorResponses } from './common';

const internal = { internal: true } as const;
const DEFAULT_PAGE = 20_000;
/** A replay page is big: 50,000 rows are about 25 MB of JSON. */
const REPLAY_BODY_LIMIT = 1024;

/** The outbox sequence every event of which is visible in the caller's snapshot (events commit in sequence order). */
async function committedSequence(q: Queryable): Promise<number> {
  const result = await q.query<{ sequence: string | null }>('SELECT max(sequence) AS sequence FROM outbox');
  return Number(result.rows[0].sequence ?? 0);
}

/**
 * Replay for read models (svc-reports, svc-budget): a household's current state as the event
 * snapshots carry it, so a consumer that lost events (or never had them) rebuilds from the
 * producer instead of from the bus. The first page is read in one REPEATABLE READ snapshot
 * together with the outbox sequence it includes; later pages are at least as new, and every
 * change after that sequence still arrives as an event with a higher sequence.
 */
export async function replayRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/internal/replay/households',
    {
      config: internal,
      bodyLimit: REPLAY_BODY_LIMIT,
      schema: { response: { 200: ReplayHouseholds, ...errorResponses } },
    },
    async () =>
      withTransaction(
        app.db,
        async (client) => {
          const sequence = await committedSequence(client);
          const result = await client.query<{ household_id: number }>(
            'SELECT DISTINCT household_id FROM accounts ORDER BY household_id',
          );
          return { household_ids: result.rows.map((r) => r.household_id), sequence };
        },
        { isolation: 'repeatable read', readOnly: true },
      ),
  );

  app.post<{ Body: ReplayBody }>(
    '/internal/replay',
    {
      config: internal,
      bodyLimit: REPLAY_BODY_LIMIT,
      schema: { body: ReplayBody, response: { 200: ReplayPage, ...errorResponses } },
    },
    async (request) => {
      const { household_id: householdId } = request.body;
      const limit = request.body.limit ?? DEFAULT_PAGE;
      const first = request.body.after_id === undefined;
      return withTransaction(
        app.db,
        async (client) => {
          const sequence = first ? await committedSequence(client) : null;
          const accounts = first ? (await accountRows(client, householdId)).map(accountSnapshot) : [];
          const categories = first
            ? (await categoriesOf(client, householdId)).map((c) => categorySnapshot(householdId, c))
            : [];
          const rows = await liveRowsAfter(client, householdId, request.body.after_id ?? 0, limit);
          return {
            sequence,
            accounts,
            categories,
            transactions: rows.map(toEventSnapshot),
            next_after_id: rows.length === limit ? rows[rows.length - 1].id : null,
          };
        },
        { isolation: 'repeatable read', readOnly: true },
      );
    },
  );
}
