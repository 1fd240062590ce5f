import { identityOf } from '@hf/service-kit';
import type { FastifyInstance } from 'fastify';
import { LEDGER_LIMITS, PayeeList } from '@hf/contracts/ledger';
import { payeesByUse } from '../repositories/search';
import { LEDGER_ERRORS } from '../route-helpers';

/** GET /api/payees/: payee names of actual rows (not budgeted, not transfer legs), most used first. */
export async function payeeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/payees/', { schema: { response: { 200: PayeeList, ...LEDGER_ERRORS } } }, async (request) =>
    payeesByUse(app.db, identityOf(request).householdId, LEDGER_LIMITS.payees),
  );
}
