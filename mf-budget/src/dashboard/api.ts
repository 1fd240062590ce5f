/** svc-budget's dashboard calls (docs/rules/api.md; contract: @hf/contracts/budget). */
import { DASHBOARD_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import {
  balanceProjectionQuery,
  netWorthProjectionQuery,
  widgetsQuery,
  type AccountProjection,
  type WidgetData,
} from '@hf/app-kit/budget/dashboard-queries';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type { AccountProjection, WidgetData };

/**
 * Every dashboard query sits under `DASHBOARD_QUERY_KEY` (`['dashboard']`): screens that change
 * what the dashboard shows (savings jars on /accounts, the budget planner) invalidate it.
 */
export { DASHBOARD_QUERY_KEY };

export function useBalanceProjection(fullHistory: boolean) {
  return useQuery({ ...balanceProjectionQuery(fullHistory), placeholderData: keepPreviousData });
}

export function useNetWorthProjection(fullHistory: boolean) {
  return useQuery({ ...netWorthProjectionQuery(fullHistory), placeholderData: keepPreviousData });
}

export function useWidgets() {
  return useQuery(widgetsQuery());
}
