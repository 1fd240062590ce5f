import type { LedgerClient } from '@hf/ledger-client';
import type { Queryable } from '@hf/ledger-mirror';
import type { HouseholdView } from './budget-reads';
import { syncPlan, type PredictableRecord } from './domain/schedule';
import { markSynced } from './repositories/items';

/**
 * Brings the ledger's budgeted rows of a Predictable in step for the horizon (or some of its
 * months): one per occurrence, all months in one ledger write (rows that became actual stay as
 * they are), then marks the item synced. Answers the ledger's event sequence of the rows written.
 */
export async function syncBudgetedRows(
  ledger: LedgerClient,
  q: Queryable,
  householdId: number,
  item: PredictableRecord,
  view: HouseholdView,
  horizon: readonly string[],
  months?: readonly string[],
): Promise<number> {
  const transfer = item.transfer_account_id !== null;
  const payee = (transfer ? view.accounts.get(item.transfer_account_id!)?.name : undefined) ?? item.payee;
  const category = transfer ? null : view.categories.resolve(item.category_id);
  const plan = syncPlan(item, horizon).filter((p) => !months || months.includes(`${p.month}-01`));
  const sequence = await ledger.syncScheduleRows({
    household_id: householdId,
    account_id: item.account_id,
    schedule_id: item.id,
    payee,
    category_id: category,
    months: plan.map((p) =>
      'remove' in p
        ? { month: p.month, dates: [], amount_cents: 0 }
        : { month: p.month, dates: p.dates, amount_cents: p.amount },
    ),
  });
  await markSynced(q, item.id);
  return sequence;
}
