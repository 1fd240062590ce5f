import type { FastifyInstance, FastifyReply } from 'fastify';
import { EVENT_SEQUENCE_HEADER } from '@hf/contracts';
import { writeEvents } from '@hf/messaging';
import { formatCurrency, MAX_ABS_BALANCE_CENTS } from '@hf/money';
import { badRequest, conflict, withTransaction } from '@hf/service-kit';
import { bumpRegisterVersions, type BumpedVersion } from './repositories/accounts';
import { LedgerWrite } from './repositories/events';
import { rememberMemberName } from './repositories/history';

export const SOURCE = 'svc-ledger';

const UNIQUE_MESSAGES: Record<string, string> = {
  accounts_household_name: 'An account with this name already exists.',
  categories_sibling_name: 'A category with this name already exists here.',
};

/** What a write answers that would take the household's turnover past the exact range (migration 005). */
export const BALANCE_RANGE_MESSAGE = `Amounts this large would make balances inexact: a household's rows and starting balances, counted without their signs, may add up to ${formatCurrency(MAX_ABS_BALANCE_CENTS)}. Nothing was saved.`;

/**
 * Member names this process has stored (decision 0127), so that a write upserts the name only
 * when it is new or changed. Kept per app: tests run several ledgers (databases) in one process.
 */
const knownNamesByApp = new WeakMap<FastifyInstance, Map<string, string>>();
function knownNamesOf(app: FastifyInstance): Map<string, string> {
  let names = knownNamesByApp.get(app);
  if (!names) knownNamesByApp.set(app, (names = new Map()));
  return names;
}
const nameKey = (actor: { householdId: number; userId: number | null }) => `${actor.householdId}/${actor.userId}`;

/** A deadlock or serialisation failure rolls the whole write back; it is safe to run it again. */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

/**
 * Runs one write in one database transaction: the state change, its change-history entries,
 * the register versions of the accounts it changed and its outbox events commit together or
 * not at all. The reply carries the outbox sequence
 * of the last event (or the current one when nothing changed) in `x-event-sequence`.
 */
export async function runWrite<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  actor: { householdId: number; userId: number | null; name?: string },
  fn: (w: LedgerWrite) => Promise<T>,
): Promise<T> {
  let sequence = 0;
  let result: T;
  let write: LedgerWrite | undefined;
  let bumped: BumpedVersion[] = [];
  try {
    result = await retryOnDeadlock(() =>
      withTransaction(app.db, async (client) => {
        sequence = 0;
        const w = (write = new LedgerWrite(client, actor.householdId, actor.userId));
        const value = await fn(w);
        if (actor.userId !== null && actor.name !== undefined && knownNamesOf(app).get(nameKey(actor)) !== actor.name)
          await rememberMemberName(client, actor.householdId, actor.userId, actor.name);
        bumped = await bumpRegisterVersions(w);
        const written = await writeEvents(
          client,
          w.events.map((event) => ({
            type: event.type,
            source: SOURCE,
            subject: event.subject,
            household_id: actor.householdId,
            data: undefined,
            dataJson: event.json,
          })),
        );
        if (written.length > 0) sequence = written[written.length - 1].sequence;
        if (sequence === 0) {
          const current = await client.query<{ s: string }>('SELECT coalesce(max(sequence), 0)::text AS s FROM outbox');
          sequence = Number(current.rows[0].s);
        }
        return value;
      }),
    );
  } catch (err) {
    const pgErr = err as { code?: string; constraint?: string };
    if (pgErr.code === '23505' && pgErr.constraint && UNIQUE_MESSAGES[pgErr.constraint])
      throw conflict(UNIQUE_MESSAGES[pgErr.constraint]);
    if (pgErr.code === '23514' && pgErr.constraint === 'household_turnover_limit')
      throw badRequest(BALANCE_RANGE_MESSAGE);
    throw err;
  }
  // Committed: balances held at a bumped account's previous version move to its new one.
  for (const { accountId, from, to } of bumped)
    app.balanceCache.advance(actor.householdId, accountId, from, to, write?.counted.get(accountId));
  if (actor.userId !== null && actor.name !== undefined) knownNamesOf(app).set(nameKey(actor), actor.name);
  reply.header(EVENT_SEQUENCE_HEADER, String(sequence));
  return result;
}
