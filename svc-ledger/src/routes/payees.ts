import type { FastifyInstance } from 'fastify';
import { LEDGER_LIMITS, PayeeList } from '@hf/contracts/ledger';
import { actorOf, errorResponses } from './common';

/** GET /api/payees/: payee names of actual rows (not budgeted, not transfer legs), most used first. */
export async function payeeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/payees/', { schema: { response: { 200: PayeeList, ...errorResponses } } }, async (request) => {
    const { householdId } = actorOf(request);
    const result = await app.db.query<{ payee: string }>(
      `SELECT payee FROM transactions
       WHERE household_id = $1 AND deleted_at IS NULL AND NOT is_budgeted AND transfer_id IS NULL AND payee <> ''
       GROUP BY payee ORDER BY count(*) DESC, lower(payee), payee LIMIT $2`,
      [householdId, LEDGER_LIMITS.payees],
    );
    return result.rows.map((r) => r.payee);
  });
}
