import type { FastifyInstance } from 'fastify';
import { CreateTransferBody, TransferResponse } from '@hf/contracts/ledger';
import { badRequest, notFound, identityOf } from '@hf/service-kit';
import { normaliseStatus } from '../domain/status';
import { amountToCents, requireDate } from '../domain/values';
import { accountRows } from '../repositories/accounts';
import { createTransfer } from '../repositories/transaction-writes';
import { recordById } from '../repositories/transactions';
import { runWrite } from '../write';
import { ACCOUNT_NOT_FOUND, LEDGER_ERRORS, TRANSFER_DESTINATION_MESSAGE } from '../route-helpers';

/**
 * POST /api/accounts/transfer: both legs in one database transaction. The payee of each leg is
 * the other account's name and its category `-- Transfer --` (the body's payee and category are
 * accepted and ignored). `status` applies to the from-account's leg.
 */
export async function transferRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CreateTransferBody }>(
    '/api/accounts/transfer',
    { schema: { body: CreateTransferBody, response: { 201: TransferResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const body = request.body;
      const date = requireDate(body.date);
      const amount = amountToCents(body.amount);
      if (amount <= 0) throw badRequest('The transfer amount must be greater than zero.');
      const status = normaliseStatus(body.status ?? '') ?? '';
      const result = await runWrite(app, reply, actor, async (w) => {
        const accounts = await accountRows(w.client, actor.householdId);
        const from = accounts.find((a) => a.id === body.from_account_id);
        const to = accounts.find((a) => a.id === body.to_account_id);
        if (!from || !to) throw notFound(ACCOUNT_NOT_FOUND);
        if (from.id === to.id) throw badRequest(TRANSFER_DESTINATION_MESSAGE);
        const { fromLeg, toLeg } = await createTransfer(w, {
          from,
          to,
          amountCents: amount,
          date,
          notes: (body.notes ?? '').trim(),
          fromStatus: status,
          toStatus: '',
        });
        return {
          message: 'Transfer created.',
          transfer_id: fromLeg.transfer_id!,
          from_transaction: await recordById(w.client, actor.householdId, fromLeg.id),
          to_transaction: await recordById(w.client, actor.householdId, toLeg.id),
        };
      });
      reply.code(201);
      return result;
    },
  );
}
