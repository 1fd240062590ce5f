/**
 * Budget seeding for the browser tests, through svc-budget's public API as the Budget Planner
 * calls it.
 */
import type { APIRequestContext } from '@playwright/test';
import { api, ok, type TestUser } from './fixtures';

/** A planned payment (The Predictables) of `amount` on `day` of `month` (YYYY-MM) only. */
export async function planPayment(
  request: APIRequestContext,
  user: TestUser,
  accountId: number,
  payee: string,
  day: number,
  month: string,
  amount: number,
): Promise<void> {
  const item = await ok<{ id: number }>(
    api(request, user, 'POST', `/budget/${accountId}`, { payee, item_type: 'payment', day_of_month: day }),
  );
  await ok(
    api(request, user, 'POST', '/budget/autofill', {
      budget_item_id: item.id,
      start_month: `${month}-01`,
      amount,
      mode: 'single',
    }),
  );
}
