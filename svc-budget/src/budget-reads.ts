import { addMonths, firstOfMonth, lastOfMonth, type CalendarDate } from '@hf/calendar';
import { BUDGET_HORIZON_MONTHS } from '@hf/contracts/budget-limits';
import { categoriesOf, CategoryIndex, openAccounts, type MirrorAccount } from '@hf/ledger-mirror';
import type { Jar } from '@hf/contracts/budget';
import { fromCents, type Cents } from '@hf/money';
import type { Pool } from '@hf/service-kit';
import { resolveEnvelopes, spentFunction } from './domain/envelope-views';
import { envelopeChain, type EnvelopeMonth, type EnvelopeRecord } from './domain/envelopes';
import { envelopeDrawdown, projectBalances, type ProjectedPoint, type ProjectionRow } from './domain/projection';
import { projectionState } from './repositories/budget-versions';
import { householdEnvelopes } from './repositories/envelopes';
import type { GoalRow } from './repositories/goals';
import { netsByCategoryMonth, pendingAndCleared, projectionRows } from './repositories/ledger-reads';

export interface HouseholdView {
  accounts: Map<number, MirrorAccount>;
  categories: CategoryIndex;
}

export async function householdView(pool: Pool, householdId: number): Promise<HouseholdView> {
  const [accounts, categories] = await Promise.all([openAccounts(pool, householdId), categoriesOf(pool, householdId)]);
  return { accounts, categories: new CategoryIndex(categories) };
}

/** Each account's envelopes by month (as categories are now), and every month's chain up to `until`. */
export async function envelopeMonths(
  pool: Pool,
  householdId: number,
  view: HouseholdView,
  accountIds: readonly number[],
  until: string,
): Promise<Map<number, { byMonth: Map<string, EnvelopeRecord[]>; chain: Map<string, EnvelopeMonth[]> }>> {
  const all = await householdEnvelopes(pool, householdId);
  const result = new Map<number, { byMonth: Map<string, EnvelopeRecord[]>; chain: Map<string, EnvelopeMonth[]> }>();
  const withEnvelopes = accountIds.filter((id) => all.has(id));
  const firstMonth = [...withEnvelopes.flatMap((id) => [...all.get(id)!.keys()])].sort()[0];
  const nets = firstMonth
    ? await netsByCategoryMonth(pool, withEnvelopes, `${firstMonth}-01`, lastOfMonth(`${until}-01`))
    : [];
  for (const id of accountIds) {
    const byMonth = resolveEnvelopes(all.get(id) ?? new Map(), view.categories);
    const spentOf = spentFunction(
      nets.filter((n) => n.account_id === id),
      view.categories,
    );
    result.set(id, { byMonth, chain: envelopeChain(byMonth, until, spentOf) });
  }
  return result;
}

/** `saved_amount` = the account's cleared balance, between 0 and the target (docs/rules/envelopes-and-jars.md). */
export async function goalViews(
  pool: Pool,
  goals: readonly GoalRow[],
  view: HouseholdView,
  today: string,
): Promise<Jar[]> {
  const balances = await pendingAndCleared(pool, [...new Set(goals.map((g) => g.account_id))], today);
  return goals
    .filter((g) => view.accounts.has(g.account_id))
    .map((g) => ({
      id: g.id,
      name: g.name,
      account_id: g.account_id,
      account_name: view.accounts.get(g.account_id)!.name,
      target_amount: fromCents(g.target),
      saved_amount: fromCents(Math.min(Math.max(balances.get(g.account_id)?.cleared ?? 0, 0), g.target)),
    }));
}

export interface AccountSeries {
  account: MirrorAccount;
  points: ProjectedPoint[];
  pending: Cents;
}

export interface HouseholdProjection {
  start: CalendarDate;
  end: CalendarDate;
  series: AccountSeries[];
}

/** Recent projections by pool, then household/today/history/state, computed or being computed (least recently used first). */
const projections = new WeakMap<Pool, Map<string, Promise<HouseholdProjection>>>();
const KEPT_PROJECTIONS = 20;
/** What recent projections were computed from (a what-if scenario's projection starts from them), kept the same way. */
const inputs = new WeakMap<Pool, Map<string, Promise<ProjectionInputs>>>();
const KEPT_INPUTS = 8;
/** Recent what-if projections, by the real one's key and the scenario's exact changes, kept the same way. */
const adjustedProjections = new WeakMap<Pool, Map<string, Promise<HouseholdProjection>>>();
const KEPT_ADJUSTED = 20;

/** The promise kept under `key` (made now if missing), moved to the most recently used end. */
function kept<T>(
  cache: WeakMap<Pool, Map<string, Promise<T>>>,
  limit: number,
  pool: Pool,
  key: string,
  make: () => Promise<T>,
): Promise<T> {
  let entries = cache.get(pool);
  if (!entries) cache.set(pool, (entries = new Map()));
  let value = entries.get(key);
  if (value) {
    entries.delete(key);
  } else {
    value = make();
    value.catch(() => entries!.delete(key));
  }
  entries.set(key, value);
  while (entries.size > limit) entries.delete(entries.keys().next().value!);
  return value;
}

/**
 * Every open account's projection (docs/rules/forecast.md): from the first day of the previous
 * month (fullHistory: 12 months before today) to 12 months after today, one point per day.
 * A projection is kept with the state it was computed from (the mirror's position in the
 * ledger's events and the household's budget version): a read of the same household, day,
 * history and state (the dashboard's accounts and net-worth calls, a reload) gets it without
 * computing it again; any ledger event or budget write makes the next read compute anew.
 * With `adjustment` (a what-if scenario), the projection of the same kept inputs with the rows
 * changed, kept under the real key and `adjustment.key` (which names the change exactly: the
 * scenario's stored changes), so an edit of the scenario or any real write computes anew; an
 * account whose rows the scenario leaves as they are reuses the real projection's points.
 */
export async function projectHousehold(
  pool: Pool,
  householdId: number,
  view: HouseholdView,
  today: CalendarDate,
  fullHistory: boolean,
  adjustment?: RowsAdjustment,
): Promise<HouseholdProjection> {
  const key = `${householdId}|${today}|${fullHistory}|${await projectionState(pool, householdId, 'svc-budget')}`;
  const inputsOf = () =>
    kept(inputs, KEPT_INPUTS, pool, key, () => projectionInputs(pool, householdId, view, today, fullHistory));
  if (adjustment)
    return kept(adjustedProjections, KEPT_ADJUSTED, pool, `${key}|${adjustment.key}`, async () => {
      const [ready, adjust] = await Promise.all([inputsOf(), adjustment.make()]);
      return seriesOf(
        ready,
        today,
        adjust,
        await projections
          .get(pool)
          ?.get(key)
          ?.catch(() => undefined),
      );
    });
  return kept(projections, KEPT_PROJECTIONS, pool, key, async () => seriesOf(await inputsOf(), today));
}

/** Answers the rows each account's projection is computed from, given the real ones (by account). */
export type AdjustRows = (rows: Map<number, ProjectionRow[]>) => Map<number, ProjectionRow[]>;

/**
 * A what-if change of the rows: `key` names it exactly (the same key always makes the same
 * change of the same real inputs), `make` reads what it needs and answers it.
 */
export interface RowsAdjustment {
  key: string;
  make: () => Promise<AdjustRows>;
}

/** What a household's projection is computed from: per account, its rows, envelope draws and balances. */
interface ProjectionInputs {
  start: CalendarDate;
  end: CalendarDate;
  accounts: Array<{
    account: MirrorAccount;
    opening: Cents;
    rows: ProjectionRow[];
    draws: Map<CalendarDate, Cents>;
    pending: Cents;
  }>;
}

async function projectionInputs(
  pool: Pool,
  householdId: number,
  view: HouseholdView,
  today: CalendarDate,
  fullHistory: boolean,
): Promise<ProjectionInputs> {
  const start = fullHistory ? addMonths(today, -12) : addMonths(firstOfMonth(today), -1);
  const end = addMonths(today, BUDGET_HORIZON_MONTHS);
  const ids = [...view.accounts.keys()];
  if (ids.length === 0) return { start, end, accounts: [] };
  const [rows, balances, envelopes] = await Promise.all([
    projectionRows(pool, ids, start),
    pendingAndCleared(pool, ids, today),
    envelopeMonths(pool, householdId, view, ids, today.slice(0, 7)),
  ]);
  return {
    start,
    end,
    accounts: ids.map((id) => {
      const account = view.accounts.get(id)!;
      const { byMonth, chain } = envelopes.get(id)!;
      return {
        account,
        opening: rows.get(id)!.opening,
        rows: rows.get(id)!.rows,
        draws: envelopeDrawdown(today, end, chain.get(today.slice(0, 7)) ?? [], byMonth),
        pending: balances.get(id)?.pending ?? account.starting_balance,
      };
    }),
  };
}

/**
 * The daily series of every account from its inputs (the rows changed by `adjustRows`, if given;
 * an account whose rows it answers unchanged takes its points from `real`, the same inputs' real
 * projection, when that is at hand).
 */
function seriesOf(
  inputs: ProjectionInputs,
  today: CalendarDate,
  adjustRows?: AdjustRows,
  real?: HouseholdProjection,
): HouseholdProjection {
  const { start, end } = inputs;
  const adjusted = adjustRows?.(new Map(inputs.accounts.map((a) => [a.account.id, a.rows])));
  return {
    start,
    end,
    series: inputs.accounts.map(({ account, opening, rows, draws, pending }, i) => {
      const own = adjusted?.get(account.id) ?? rows;
      const same = own === rows && real?.series[i]?.account === account ? real.series[i] : undefined;
      return {
        account,
        points: same ? same.points : projectBalances(account.starting_balance + opening, own, draws, today, start, end),
        pending,
      };
    }),
  };
}
