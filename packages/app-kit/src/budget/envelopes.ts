/**
 * Everyday Envelopes as every screen reads them (svc-budget, docs/rules/envelopes-and-jars.md): the query keys under one `['budget']` prefix, the month's envelopes of an
 * account, and the remaining share with its colour. Used by the Budget Planner (mf-budget), the
 * account shell's Envelopes panel (mf-ledger) and the dashboard widget. Import it as
 * `@hf/app-kit/budget/envelopes` (not part of the package index); it reaches the api client
 * through `@hf/app-kit`, never by a relative path.
 */
import { api } from '@hf/app-kit';
import { dollarsToCents } from '@hf/money';
import type { Envelope } from '@hf/contracts/budget';
import { ENVELOPE_THRESHOLDS } from '@hf/contracts/budget-limits';
import { useQuery } from '@tanstack/react-query';

export type { Envelope };

/**
 * Every budget query sits under this key: one invalidation after a change refreshes the planner,
 * the envelope panels and the dashboard queries that use it.
 */
export const BUDGET_QUERY_KEY = ['budget'] as const;
/** The dashboard's own prefix (projections, widget): invalidated with the budget after a change. */
export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

export const envelopesQueryKey = (accountId: number, month: string) =>
  [...BUDGET_QUERY_KEY, 'envelopes', accountId, month] as const;

/** The screens' text when the envelopes cannot be read (docs/rules/screens.md, Messages). */
export const ENVELOPES_FETCH_ERROR = 'Could not fetch category budget data.';

/** GET /budget/category/{accountId}/{YYYY-MM}. */
export function fetchEnvelopes(accountId: number, month: string, signal?: AbortSignal): Promise<Envelope[]> {
  return api.get<Envelope[]>(`/budget/category/${accountId}/${month}`, undefined, signal);
}

export function useEnvelopes(
  accountId: number | null,
  month: string,
  options: { refetchOnWindowFocus?: boolean } = {},
) {
  return useQuery({
    queryKey: envelopesQueryKey(accountId ?? 0, month),
    queryFn: ({ signal }) => fetchEnvelopes(accountId as number, month, signal),
    enabled: accountId !== null && accountId > 0,
    ...(options.refetchOnWindowFocus ? { refetchOnWindowFocus: true } : {}),
  });
}

export type EnvelopeTone = 'red' | 'orange' | 'green';

export interface EnvelopeProgress {
  /** amount + rollover - spent, in cents. */
  leftCents: number;
  /** (amount + rollover - spent) / (amount + rollover), floored at 0; 0 when the total is <= 0. */
  share: number;
  /** Under 10% red, under 25% orange, else green. */
  tone: EnvelopeTone;
}

/** The remaining share of an envelope and its colour (docs/rules/envelopes-and-jars.md). */
export function envelopeProgress(envelope: {
  amount: number;
  rollover?: number | null;
  spent: number;
}): EnvelopeProgress {
  const total = dollarsToCents(envelope.amount) + dollarsToCents(envelope.rollover);
  const leftCents = total - dollarsToCents(envelope.spent);
  const share = total <= 0 ? 0 : Math.max(0, leftCents / total);
  const tone: EnvelopeTone =
    share < ENVELOPE_THRESHOLDS.red ? 'red' : share < ENVELOPE_THRESHOLDS.orange ? 'orange' : 'green';
  return { leftCents, share, tone };
}
