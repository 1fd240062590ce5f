import { EVENTS, type AccountClosedV1 } from '@hf/contracts';
import type { EventEnvelope } from '@hf/messaging';
import type { PoolClient } from '@hf/service-kit';
import { bumpBudgetVersion } from '../repositories/budget-versions';

/**
 * A deleted account takes its scheduled items, envelopes, savings goals and dismissed suggestions with it (docs/rules/ledger.md,
 * "Accounts"; the ledger deletes its rows). A scheduled transfer into it from another account
 * stays as an item with an ordinary payee (the ledger turned the other legs into ordinary rows),
 * marked unsynced so its rows are written again on the next read of that account.
 */
export async function forgetClosedAccount(client: PoolClient, event: EventEnvelope): Promise<void> {
  if (event.type !== EVENTS.accountClosed) return;
  const { account } = event.data as AccountClosedV1;
  await client.query('DELETE FROM scheduled_items WHERE household_id = $1 AND account_id = $2', [
    account.household_id,
    account.id,
  ]);
  await client.query(
    'UPDATE scheduled_items SET transfer_account_id = NULL, synced = false WHERE household_id = $1 AND transfer_account_id = $2',
    [account.household_id, account.id],
  );
  await client.query('DELETE FROM envelopes WHERE household_id = $1 AND account_id = $2', [
    account.household_id,
    account.id,
  ]);
  await client.query('DELETE FROM savings_goals WHERE household_id = $1 AND account_id = $2', [
    account.household_id,
    account.id,
  ]);
  await client.query('DELETE FROM suggestion_dismissals WHERE household_id = $1 AND account_id = $2', [
    account.household_id,
    account.id,
  ]);
  await bumpBudgetVersion(client, account.household_id);
}
