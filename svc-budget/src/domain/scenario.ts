import { isValidDate, lastOfMonth, type CalendarDate } from '@hf/calendar';
import { BUDGET_LIMITS, PREDICTABLE_FREQUENCIES, SCENARIO_LIMITS, WEEKEND_RULES } from '@hf/contracts/budget-limits';
import { AmountError, toCents, type Cents } from '@hf/money';
import type { Schedule } from './occurrences';
import type { ProjectionRow } from './projection';
import { autofill, syncPlan, transferAccountFor, type ItemType, type PredictableRecord } from './schedule';
import { NEW_SCHEDULE, resolveSchedule, type ScheduleInput } from './schedule-fields';

/**
 * What-if scenarios (docs/decisions/0123-what-if-scenarios.md): a named list of changes kept apart
 * from the real data. This module checks the changes a client sends and applies them to the rows a
 * projection is computed from, without touching anything real.
 */

/** A change as stored (cents; an added item's schedule completed). */
export type ScenarioChangeRecord =
  | {
      kind: 'add_item';
      account_id: number;
      payee: string;
      item_type: ItemType;
      category_id: number | null;
      schedule: Schedule;
      /** Positive cents in every month from `start_month` on. */
      amount: Cents;
      start_month: string;
    }
  | { kind: 'change_amount'; item_id: number; start_month: string; amount: Cents }
  | { kind: 'stop_item'; item_id: number; start_month: string }
  | { kind: 'one_off'; account_id: number; item_type: ItemType; date: CalendarDate; amount: Cents; payee: string };

/** An `add_item` as checked, before its category text (if any) is resolved by the service. */
export type CheckedChange =
  | (Exclude<ScenarioChangeRecord, { kind: 'add_item' }> & { categoryName?: undefined })
  | (Extract<ScenarioChangeRecord, { kind: 'add_item' }> & { categoryName?: string });

export const SCENARIO_KINDS = ['add_item', 'change_amount', 'stop_item', 'one_off'] as const;

const SCHEDULE_KEYS = ['frequency', 'interval', 'days_of_month', 'day_of_month', 'start_date', 'end_date', 'weekend'];
const KEYS: Record<(typeof SCENARIO_KINDS)[number], string[]> = {
  add_item: [
    'kind',
    'account_id',
    'payee',
    'item_type',
    'category_id',
    'categoryName',
    'amount',
    'start_month',
    ...SCHEDULE_KEYS,
  ],
  change_amount: ['kind', 'item_id', 'start_month', 'amount'],
  stop_item: ['kind', 'item_id', 'start_month'],
  one_off: ['kind', 'account_id', 'item_type', 'date', 'amount', 'payee'],
};

export const SCENARIO_MESSAGES = {
  tooMany: `A scenario has at most ${SCENARIO_LIMITS.changes} changes.`,
  kind: `its kind must be one of ${SCENARIO_KINDS.join(', ')}.`,
  month: 'its start_month must be one of the 12 months of the budget (YYYY-MM-01).',
  date: "its date must be a real date (YYYY-MM-DD) from today to the end of the budget's 12 months.",
  positive: 'its amount must be more than 0.',
  id: (field: string) => `its ${field} must be a positive whole number.`,
  itemType: 'its item_type must be payment or deposit.',
  payee: `its payee must be text of 1 to ${BUDGET_LIMITS.payee} characters.`,
  category: 'its category_id must be a positive whole number or null.',
  categoryName: 'its categoryName must be text.',
} as const;

/** "Change 3: ..." (1-based, as a person counts). */
export const changeMessage = (index: number, message: string) => `Change ${index + 1}: ${message}`;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2147483647;

function cents(v: unknown): Cents | string {
  try {
    const c = toCents(v);
    return c < 0 ? 'the amount must not be negative: the type gives the sign.' : c;
  } catch (err) {
    if (err instanceof AmountError) return `its amount is invalid: ${err.message}`;
    throw err;
  }
}

function payeeOf(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t.length >= 1 && t.length <= BUDGET_LIMITS.payee ? t : null;
}

/**
 * One change as a client sent it, checked on its own (the service checks the ids it names):
 * answers the stored form, or the message of the first broken rule (without the "Change N: ").
 * `horizon` is the budget's 12 months (`YYYY-MM-01`) of `today`.
 */
export function checkChange(raw: unknown, today: CalendarDate, horizon: readonly string[]): CheckedChange | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'a change must be an object.';
  const c = raw as Record<string, unknown>;
  const kind = c.kind;
  if (typeof kind !== 'string' || !(SCENARIO_KINDS as readonly string[]).includes(kind)) return SCENARIO_MESSAGES.kind;
  const k = kind as (typeof SCENARIO_KINDS)[number];
  const extra = Object.keys(c).find((key) => !KEYS[k].includes(key));
  if (extra !== undefined) return `a ${k} change has no field "${extra}" (its fields: ${KEYS[k].slice(1).join(', ')}).`;
  const monthOk = (m: unknown): m is string => typeof m === 'string' && horizon.includes(m);
  const lastDay = lastOfMonth(horizon[horizon.length - 1]);
  if (k === 'change_amount' || k === 'stop_item') {
    if (!isId(c.item_id)) return SCENARIO_MESSAGES.id('item_id');
    if (!monthOk(c.start_month)) return SCENARIO_MESSAGES.month;
    if (k === 'stop_item') return { kind: k, item_id: c.item_id, start_month: c.start_month };
    const amount = cents(c.amount);
    if (typeof amount === 'string') return amount;
    return { kind: k, item_id: c.item_id, start_month: c.start_month, amount };
  }
  if (!isId(c.account_id)) return SCENARIO_MESSAGES.id('account_id');
  if (c.item_type !== 'payment' && c.item_type !== 'deposit') return SCENARIO_MESSAGES.itemType;
  const amount = cents(c.amount);
  if (typeof amount === 'string') return amount;
  if (amount === 0) return SCENARIO_MESSAGES.positive;
  if (k === 'one_off') {
    if (!isValidDate(c.date) || c.date < today || c.date > lastDay) return SCENARIO_MESSAGES.date;
    const payee = c.payee === undefined ? `One-off ${c.item_type}` : payeeOf(c.payee);
    if (payee === null) return SCENARIO_MESSAGES.payee;
    return { kind: k, account_id: c.account_id, item_type: c.item_type, date: c.date, amount, payee };
  }
  const payee = payeeOf(c.payee);
  if (payee === null) return SCENARIO_MESSAGES.payee;
  if (!monthOk(c.start_month)) return SCENARIO_MESSAGES.month;
  if (c.category_id !== undefined && c.category_id !== null && !isId(c.category_id)) return SCENARIO_MESSAGES.category;
  if (c.categoryName !== undefined && typeof c.categoryName !== 'string') return SCENARIO_MESSAGES.categoryName;
  const shapeError = scheduleShapeError(c);
  if (shapeError) return shapeError;
  const schedule = resolveSchedule(NEW_SCHEDULE, c as ScheduleInput, today);
  if ('error' in schedule) return schedule.error;
  return {
    kind: k,
    account_id: c.account_id,
    payee,
    item_type: c.item_type,
    category_id: (c.category_id as number | null | undefined) ?? null,
    ...(typeof c.categoryName === 'string' && c.category_id === undefined ? { categoryName: c.categoryName } : {}),
    schedule,
    amount,
    start_month: c.start_month,
  };
}

/** The schedule fields' types (their rules are resolveSchedule's). */
function scheduleShapeError(c: Record<string, unknown>): string | null {
  const intOrNull = (v: unknown) => v === undefined || v === null || (typeof v === 'number' && Number.isInteger(v));
  const dateOrNull = (v: unknown) => v === undefined || v === null || typeof v === 'string';
  if (c.frequency !== undefined && !(PREDICTABLE_FREQUENCIES as readonly unknown[]).includes(c.frequency))
    return `its frequency must be one of ${PREDICTABLE_FREQUENCIES.join(', ')}.`;
  if (c.weekend !== undefined && !(WEEKEND_RULES as readonly unknown[]).includes(c.weekend))
    return `its weekend must be one of ${WEEKEND_RULES.join(', ')}.`;
  if (!intOrNull(c.interval)) return 'its interval must be a whole number.';
  if (c.day_of_month !== undefined && !(typeof c.day_of_month === 'number' && Number.isInteger(c.day_of_month)))
    return 'its day_of_month must be a whole number.';
  const days = c.days_of_month;
  if (
    days !== undefined &&
    days !== null &&
    !(Array.isArray(days) && days.length === 2 && days.every((d) => typeof d === 'number' && Number.isInteger(d)))
  )
    return 'its days_of_month must be two whole numbers.';
  if (!dateOrNull(c.start_date) || !dateOrNull(c.end_date))
    return 'its start_date and end_date must be dates (YYYY-MM-DD).';
  return null;
}

/** Every change of a body checked: the stored forms, or the first message ("Change N: ..."). */
export function checkChanges(
  raw: readonly unknown[],
  today: CalendarDate,
  horizon: readonly string[],
): CheckedChange[] | { error: string } {
  if (raw.length > SCENARIO_LIMITS.changes) return { error: SCENARIO_MESSAGES.tooMany };
  const out: CheckedChange[] = [];
  for (let i = 0; i < raw.length; i++) {
    const checked = checkChange(raw[i], today, horizon);
    if (typeof checked === 'string') return { error: changeMessage(i, checked) };
    out.push(checked);
  }
  return out;
}

/** The ids of items the changes name (to be checked as the household's). */
export function namedItemIds(changes: readonly ScenarioChangeRecord[]): number[] {
  return [
    ...new Set(changes.flatMap((c) => (c.kind === 'change_amount' || c.kind === 'stop_item' ? [c.item_id] : []))),
  ];
}

/** The item's amounts after a change of amounts from `start` on (0: none; `stop_item`). */
export function valuesAfter(
  values: ReadonlyMap<string, Cents>,
  start: string,
  amount: Cents,
  horizon: readonly string[],
): Map<string, Cents> {
  return autofill(values, start, amount, 'full', horizon);
}

/** A scenario's new item as a Predictable (id 0: not stored), with its amounts filled forward. */
export function addedItem(
  change: Extract<ScenarioChangeRecord, { kind: 'add_item' }>,
  accounts: Iterable<{ id: number; name: string }>,
  horizon: readonly string[],
): PredictableRecord {
  const transfer = transferAccountFor(change.payee, change.account_id, accounts);
  return {
    ...change.schedule,
    id: 0,
    account_id: change.account_id,
    item_type: change.item_type,
    payee: change.payee,
    category_id: transfer === null ? change.category_id : null,
    transfer_account_id: transfer,
    values: valuesAfter(new Map(), change.start_month, change.amount, horizon),
  };
}

/**
 * The rows each account's projection is computed from, with the scenario's changes applied in
 * order (docs/decisions/0123-what-if-scenarios.md). Nothing is removed from `rows`: a budgeted row
 * that a change takes away is answered with a row of the opposite amount on the same date (the
 * projection counts both on the same day), so the real rows are read as they are.
 * - `add_item`: a budgeted row on every occurrence of every month with an amount (a transfer:
 *   the other account's opposite row too), as the item's rows would be in the ledger.
 * - `change_amount` / `stop_item`: for each month from `start_month` on, each of the item's
 *   budgeted rows that is still budgeted (one on that date with that amount) is replaced by the
 *   new amount (none when 0); an occurrence whose row became actual stays as it is. A month that
 *   had no amount gets rows on all its occurrences.
 * - `one_off`: one budgeted row on its date (before today: counted today, as an unpaid bill).
 * A change naming an item or account that no longer exists is left out.
 */
export function applyScenario(
  rows: ReadonlyMap<number, readonly ProjectionRow[]>,
  items: ReadonlyMap<number, PredictableRecord>,
  changes: readonly ScenarioChangeRecord[],
  accounts: ReadonlyArray<{ id: number; name: string }>,
  horizon: readonly string[],
): Map<number, ProjectionRow[]> {
  const extra = new Map<number, ProjectionRow[]>([...rows.keys()].map((id) => [id, []]));
  /** Budgeted rows still there, per account and `date|amount`, counted (taken as changes replace them). */
  const budgeted = new Map<number, Map<string, number>>();
  const key = (date: string, amount: Cents) => `${date}|${amount}`;
  const budgetedOf = (accountId: number) => {
    let counts = budgeted.get(accountId);
    if (!counts) {
      counts = new Map();
      for (const r of rows.get(accountId) ?? [])
        if (r.budgeted) counts.set(key(r.date, r.amount), (counts.get(key(r.date, r.amount)) ?? 0) + 1);
      budgeted.set(accountId, counts);
    }
    return counts;
  };
  const add = (accountId: number, date: string, amount: Cents) => {
    if (!rows.has(accountId)) return;
    extra.get(accountId)!.push({ date, amount, budgeted: true });
    const counts = budgetedOf(accountId);
    counts.set(key(date, amount), (counts.get(key(date, amount)) ?? 0) + 1);
  };
  /** Takes one budgeted row away if it is there (answers whether it was). */
  const take = (accountId: number, date: string, amount: Cents): boolean => {
    if (!rows.has(accountId)) return false;
    const counts = budgetedOf(accountId);
    const n = counts.get(key(date, amount)) ?? 0;
    if (n === 0) return false;
    counts.set(key(date, amount), n - 1);
    extra.get(accountId)!.push({ date, amount: -amount, budgeted: true });
    return true;
  };
  /** The item's rows from the sides it touches: its own account and a transfer's other account. */
  const sides = (item: PredictableRecord, signed: Cents): Array<[number, Cents]> =>
    item.transfer_account_id === null
      ? [[item.account_id, signed]]
      : [
          [item.account_id, signed],
          [item.transfer_account_id, -signed],
        ];
  const working = new Map<number, PredictableRecord>();
  const itemOf = (id: number) => working.get(id) ?? items.get(id);

  for (const change of changes) {
    switch (change.kind) {
      case 'one_off':
        if (rows.has(change.account_id))
          add(change.account_id, change.date, change.item_type === 'payment' ? -change.amount : change.amount);
        break;
      case 'add_item': {
        if (!rows.has(change.account_id)) break;
        const item = addedItem(change, accounts, horizon);
        for (const month of syncPlan(item, horizon))
          if (!('remove' in month))
            for (const date of month.dates)
              for (const [account, amount] of sides(item, month.amount)) add(account, date, amount);
        break;
      }
      case 'change_amount':
      case 'stop_item': {
        const before = itemOf(change.item_id);
        if (!before) break;
        const amount = change.kind === 'stop_item' ? 0 : change.amount;
        const after = { ...before, values: valuesAfter(before.values, change.start_month, amount, horizon) };
        working.set(before.id, after);
        const oldPlan = syncPlan(before, horizon);
        const newPlan = syncPlan(after, horizon);
        for (let i = 0; i < horizon.length; i++) {
          if (horizon[i] < change.start_month) continue;
          const was = oldPlan[i];
          const now = newPlan[i];
          if ('remove' in was) {
            if (!('remove' in now))
              for (const date of now.dates) for (const [account, a] of sides(after, now.amount)) add(account, date, a);
            continue;
          }
          for (const date of was.dates) {
            const [own, ...others] = sides(before, was.amount);
            if (!take(own[0], date, own[1])) continue; // became actual: it stays
            for (const [account, a] of others) take(account, date, a);
            if (!('remove' in now)) for (const [account, a] of sides(after, now.amount)) add(account, date, a);
          }
        }
        break;
      }
    }
  }
  const out = new Map<number, ProjectionRow[]>();
  for (const [id, list] of rows)
    out.set(id, extra.get(id)!.length ? [...list, ...extra.get(id)!] : (list as ProjectionRow[]));
  return out;
}
