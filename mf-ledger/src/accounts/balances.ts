import { dollarsToCents } from '@hf/money';
import type { Account } from './api';

/**
 * Which balance to show (docs/decisions/0095-balance-today.md): the balance
 * today (rows dated today or earlier) is the account's balance; when rows dated after today
 * change it, the balance after them is shown beside it, named "after later-dated rows" (they may
 * be budgeted or actual rows, so not "planned").
 */
export function hasLaterDatedRows(
  account: Pick<Account, 'balance' | 'balance_today'>,
): account is Pick<Account, 'balance'> & { balance_today: number } {
  return (
    typeof account.balance_today === 'number' &&
    dollarsToCents(account.balance_today) !== dollarsToCents(account.balance)
  );
}
