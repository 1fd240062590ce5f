import type { FastifyInstance } from 'fastify';
import { ReplayBody, ReplayHead, ReplayHouseholds, ReplayPage } from '@hf/contracts/ledger-internal';
import { withTransaction } from '@hf/service-kit';
import { toEventSnapshot } from '../../domain/transaction-rules';
import { accountRows, accountSnapshotV2 } from '../../repositories/accounts';
import { categoriesOf, categorySnapshot } from '../../repositories/categories';
import { committedSequence, householdsWithAccounts } from '../../repositories/replay';
import { liveRowsAfter } from '../../repositories/transactions';
import { LEDGER_ERRORS, INTERNAL_ROUTE } from '../../route-helpers';

const DEFAULT_PAGE = 20_000;
/** The request is small (which household, from where); the page it answers is big. */
const REPLAY_BODY_LIMIT = 1024;

/**
 * Replay for read models (svc-reports, svc-budget): a household's current state as the event
 * snapshots carry it, so a consumer that lost events (or never had them) rebuilds from the
 * producer instead of from the bus. The first page is read in one REPEATABLE READ snapshot
 * together with the outbox sequence it includes; later pages are at least as new, and every
 * change after that sequence still arrives as an event with a higher sequence.
 */
export async function replayRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/internal/replay/head',
    {
      config: INTERNAL_ROUTE,
      bodyLimit: REPLAY_BODY_LIMIT,
      schema: { response: { 200: ReplayHead, ...LEDGER_ERRORS } },
    },
    async () => ({ sequence: await committedSequence(app.db) }),
  );

  app.post(
    '/internal/replay/households',
    {
      config: INTERNAL_ROUTE,
      bodyLimit: REPLAY_BODY_LIMIT,
      schema: { response: { 200: ReplayHouseholds, ...LEDGER_ERRORS } },
    },
    async () =>
      withTransaction(
        app.db,
        async (client) => {
          const sequence = await committedSequence(client);
          return { household_ids: await householdsWithAccounts(client), sequence };
        },
        { isolation: 'repeatable read', readOnly: true },
      ),
  );

  app.post<{ Body: ReplayBody }>(
    '/internal/replay',
    {
      config: INTERNAL_ROUTE,
      bodyLimit: REPLAY_BODY_LIMIT,
      schema: { body: ReplayBody, response: { 200: ReplayPage, ...LEDGER_ERRORS } },
    },
    async (request) => {
      const { household_id: householdId } = request.body;
      const limit = request.body.limit ?? DEFAULT_PAGE;
      const first = request.body.after_id === undefined;
      return withTransaction(
        app.db,
        async (client) => {
          const sequence = first ? await committedSequence(client) : null;
          const accounts = first ? (await accountRows(client, householdId)).map(accountSnapshotV2) : [];
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
