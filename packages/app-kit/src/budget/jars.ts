/**
 * Savings jars (goals) as every screen reads them (docs/rules/envelopes-and-jars.md): the jar
 * progress shared by the dashboard widget (mf-budget) and the Accounts page's Savings Jars
 * (mf-ledger). A leaf module: import it as `@hf/app-kit/budget/jars`.
 */

/** Query key of the household's savings jars (GET /budget/goals). */
export const JARS_QUERY_KEY = ['savings-goals'] as const;

/** Jar progress: saved_amount / target_amount (at most 1, at least 0), or 0 if the target is not positive. */
export function jarProgress(saved: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.min(1, Math.max(0, saved / target));
}
