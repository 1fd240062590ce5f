/**
 * The Predictables (docs/rules/predictables.md): fixed recurring income and bills of one account, as "Planned Deposits"
 * and "Planned Payments" with 12 month columns starting at the current month.
 */
import { useAccounts } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import { useCategoryOptions, useCategoryResolver, usePayees } from '@hf/app-kit/editing';
import type { Dialogs } from '@hf/ui/editing';
import { useCallback, useId, useMemo, useState } from 'react';
import { BUDGET_TEXT, useScheduledItems } from './api';
import { FindRecurring } from './FindRecurring';
import { horizonMonths } from './months';
import { PlannedTable } from './PlannedTable';

export function PredictablesSection({
  accountId,
  dialogs,
  findRecurringAtStart = false,
}: {
  accountId: number;
  dialogs: Dialogs;
  /** Open "Find recurring" at once (the planner's `?recurring=1`). */
  findRecurringAtStart?: boolean;
}) {
  const headingId = useId();
  const items = useScheduledItems(accountId);
  const accounts = useAccounts();
  const payees = usePayees();
  const { options } = useCategoryOptions();
  const [months] = useState(() => horizonMonths(localToday()));
  const [error, setError] = useState<string | null>(null);
  const onResolveError = useCallback((text: string) => setError(text), []);
  const resolveCategory = useCategoryResolver(dialogs, onResolveError);
  const deposits = useMemo(() => (items.data ?? []).filter((i) => i.item_type === 'deposit'), [items.data]);
  const payments = useMemo(() => (items.data ?? []).filter((i) => i.item_type === 'payment'), [items.data]);

  const common = {
    accountId,
    months,
    accounts: accounts.data ?? [],
    payees: payees.data ?? [],
    categoryOptions: options,
    resolveCategory,
    onError: setError,
  };

  return (
    <section className="budget-section" aria-labelledby={headingId}>
      <div className="budget-section__header budget-section__header--with-action">
        <h2 id={headingId}>The Predictables</h2>
        <FindRecurring
          accountId={accountId}
          categoryOptions={options}
          resolveCategory={resolveCategory}
          openAtStart={findRecurringAtStart}
        />
        <p className="hf-muted budget-section__help">
          Fixed recurring income and bills. Editing an amount in the Predictables grid fills it forward to future
          months.
        </p>
      </div>
      {error && (
        <p role="alert" className="hf-status hf-status--error">
          {error}
        </p>
      )}
      {items.isError ? (
        <p role="alert" className="hf-status hf-status--error">
          {BUDGET_TEXT.fetchItems}
        </p>
      ) : items.isPending ? (
        <p>Loading...</p>
      ) : (
        <>
          <PlannedTable title="Planned Deposits" itemType="deposit" items={deposits} {...common} />
          <PlannedTable title="Planned Payments" itemType="payment" items={payments} {...common} />
        </>
      )}
    </section>
  );
}
