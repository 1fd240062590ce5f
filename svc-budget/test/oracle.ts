/**
 * The projection computed again, day by day, straight from docs/rules/ ("Everyday
 * Envelopes", "Projection"), with none of the service's code: the tests compare every point the
 * service answers with this.
 */
import { addDays, addMonths, daysInMonth, firstOfMonth } from '@hf/calendar';

export interface OracleEnvelope {
  category: number;
  amount: number;
  rollover: boolean;
}

export interface OracleInput {
  start: string;
  end: string;
  today: string;
  startingBalance: number;
  rows: Array<{ date: string; amount: number; budgeted: boolean }>;
  /** Envelopes written per month `YYYY-MM` (a month without any shows the latest earlier month's). */
  envelopes: Map<string, OracleEnvelope[]>;
  /** Spending of a category (and its sub-categories) in a month. */
  spent: (category: number, month: string) => number;
}

const halfAway = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5);
const month = (d: string) => d.slice(0, 7);

function shown(envelopes: Map<string, OracleEnvelope[]>, m: string): OracleEnvelope[] {
  const written = [...envelopes.keys()].filter((k) => k <= m && envelopes.get(k)!.length > 0).sort();
  return written.length ? envelopes.get(written[written.length - 1])! : [];
}

/** Each envelope's `left` in today's month, following the rollover chain from the first written month. */
export function leftThisMonth(
  input: Pick<OracleInput, 'envelopes' | 'spent' | 'today'>,
): Map<number, { left: number; rollover: boolean; amount: number; carried: number; spent: number }> {
  const first = [...input.envelopes.keys()].filter((k) => input.envelopes.get(k)!.length > 0).sort()[0];
  let state = new Map<number, { left: number; rollover: boolean; amount: number; carried: number; spent: number }>();
  if (!first) return state;
  for (let d = `${first}-01`; month(d) <= month(input.today); d = addMonths(d, 1)) {
    const next = new Map<number, { left: number; rollover: boolean; amount: number; carried: number; spent: number }>();
    for (const e of shown(input.envelopes, month(d))) {
      const before = state.get(e.category);
      const carried = before && before.rollover ? before.left : 0;
      const spent = input.spent(e.category, month(d));
      next.set(e.category, {
        left: e.amount + carried - spent,
        rollover: e.rollover,
        amount: e.amount,
        carried,
        spent,
      });
    }
    state = next;
  }
  return state;
}

/** The expected balance of every day from start to end, in cents. */
export function expectedBalances(input: OracleInput): number[] {
  const draw = new Map<string, number>();
  const addDraw = (d: string, cents: number) => draw.set(d, (draw.get(d) ?? 0) + cents);
  const [ty, tm, td] = input.today.split('-').map(Number);
  const n0 = daysInMonth(ty, tm) - td;
  let carry = new Map<number, { carry: number; rollover: boolean }>();
  for (const [category, e] of leftThisMonth(input)) {
    const t = Math.max(e.left, 0);
    for (let k = 1; k <= n0; k++)
      addDraw(addDays(input.today, k), halfAway((t * k) / n0) - halfAway((t * (k - 1)) / n0));
    carry.set(category, { carry: Math.min(e.left, 0), rollover: e.rollover });
  }
  for (let m = addMonths(firstOfMonth(input.today), 1); m <= input.end; m = addMonths(m, 1)) {
    const [y, mo] = m.split('-').map(Number);
    const n = daysInMonth(y, mo);
    const next = new Map<number, { carry: number; rollover: boolean }>();
    for (const e of shown(input.envelopes, month(m))) {
      const before = carry.get(e.category);
      const total = e.amount + (before && before.rollover ? before.carry : 0);
      const t = Math.max(total, 0);
      for (let k = 1; k <= n; k++) addDraw(addDays(m, k - 1), halfAway((t * k) / n) - halfAway((t * (k - 1)) / n));
      next.set(e.category, { carry: Math.min(total, 0), rollover: e.rollover });
    }
    carry = next;
  }
  const out: number[] = [];
  let drawn = 0;
  for (let d = input.start; d <= input.end; d = addDays(d, 1)) {
    if (d > input.today) drawn += draw.get(d) ?? 0;
    let balance = input.startingBalance - drawn;
    for (const r of input.rows) {
      if (!r.budgeted && r.date <= d) balance += r.amount;
      if (r.budgeted && d >= input.today && r.date <= d) balance += r.amount;
    }
    out.push(balance);
  }
  return out;
}

/**
 * A Predictable's schedule as docs/rules/predictables.md "Frequencies" writes it. `start` is the
 * item's start date (a frequency other than monthly without one started the day it was made).
 */
export interface OracleSchedule {
  frequency: 'monthly' | 'weekly' | 'every_n_weeks' | 'semi_monthly' | 'every_n_months' | 'yearly' | 'once';
  day?: number;
  interval?: number;
  days?: [number, number];
  start: string | null;
  end: string | null;
  weekend: 'keep' | 'before' | 'after';
}

const utcDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
};
const fromUtcDay = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/**
 * The dates an item happens on for one month `YYYY-MM`, read day by day from the written rule:
 * every day of the month the schedule names (a day past the month's length is its last day; -1
 * is the last day), kept within start..end (inclusive), then a Saturday or Sunday moved to the
 * Friday before or the Monday after; a moved date still belongs to this month.
 */
export function oracleOccurrences(s: OracleSchedule, month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const length = daysInMonth(y, m);
  const dayIn = (day: number) => (day === -1 || day > length ? length : day);
  const out: string[] = [];
  for (let d = 1; d <= length; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    const [sy, sm, sd] = (s.start ?? '0000-00-00').split('-').map(Number);
    let named: boolean;
    if (s.frequency === 'monthly') named = d === dayIn(s.day!);
    else if (s.frequency === 'semi_monthly') named = s.days!.some((x) => dayIn(x) === d);
    else if (s.frequency === 'every_n_months') {
      const since = y * 12 + m - (sy * 12 + sm);
      named = since >= 0 && since % s.interval! === 0 && d === dayIn(s.day!);
    } else if (s.frequency === 'yearly') named = m === sm && d === dayIn(sd);
    else if (s.frequency === 'once') named = date === s.start;
    else {
      const weeks = s.frequency === 'weekly' ? 1 : s.interval!;
      const since = utcDay(date) - utcDay(s.start!);
      named = since >= 0 && since % (7 * weeks) === 0;
    }
    if (!named || (s.start !== null && date < s.start) || (s.end !== null && date > s.end)) continue;
    const weekday = new Date(utcDay(date) * 86_400_000).getUTCDay();
    let moved = 0;
    if (s.weekend === 'before' && weekday === 6) moved = -1;
    if (s.weekend === 'before' && weekday === 0) moved = -2;
    if (s.weekend === 'after' && weekday === 6) moved = 2;
    if (s.weekend === 'after' && weekday === 0) moved = 1;
    out.push(fromUtcDay(utcDay(date) + moved));
  }
  return out.sort();
}

/** A Predictable as the written rule sees it: its account, a transfer's other account, its sign and amounts by month. */
export interface OraclePlanItem {
  account: number;
  other: number | null;
  /** -1 for a payment, 1 for a deposit. */
  sign: number;
  schedule: OracleSchedule;
  /** `YYYY-MM-01` -> positive cents. */
  values: Map<string, number>;
}

/**
 * The budgeted rows of every account with a what-if scenario applied, from the written rule
 * (docs/decisions/0123-what-if-scenarios.md), for a household whose budgeted rows are all still
 * budgeted: a change of amounts sets the item's amount in every month of the 12 from its month
 * on (a stop: none), an added item has its amount in every month from its month on on each of
 * its occurrences, a one-off is one row on its date. `changes` are as the client sends them.
 */
export function oracleScenarioRows(
  plan: ReadonlyMap<number, OraclePlanItem>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  changes: ReadonlyArray<Record<string, any>>,
  today: string,
  accountNames: ReadonlyMap<string, number>,
): Map<number, Array<{ date: string; amount: number; budgeted: true }>> {
  const months = Array.from({ length: 12 }, (_, i) => addMonths(firstOfMonth(today), i));
  const items = new Map([...plan].map(([id, p]) => [id, { ...p, values: new Map(p.values) }]));
  const added: OraclePlanItem[] = [];
  const out = new Map<number, Array<{ date: string; amount: number; budgeted: true }>>();
  const push = (account: number, date: string, amount: number) => {
    if (!out.has(account)) out.set(account, []);
    out.get(account)!.push({ date, amount, budgeted: true });
  };
  for (const c of changes) {
    const cents = Math.round((c.amount ?? 0) * 100);
    if (c.kind === 'one_off') push(c.account_id, c.date, c.item_type === 'payment' ? -cents : cents);
    if (c.kind === 'change_amount' || c.kind === 'stop_item') {
      const item = items.get(c.item_id)!;
      for (const m of months) if (m >= c.start_month) item.values.set(m, c.kind === 'stop_item' ? 0 : cents);
    }
    if (c.kind === 'add_item') {
      const frequency = c.frequency ?? 'monthly';
      const otherId = accountNames.get(String(c.payee).toLowerCase());
      added.push({
        account: c.account_id,
        other: otherId !== undefined && otherId !== c.account_id ? otherId : null,
        sign: c.item_type === 'payment' ? -1 : 1,
        schedule: {
          frequency,
          day: c.day_of_month,
          interval: c.interval ?? undefined,
          days: c.days_of_month ?? undefined,
          start: c.start_date ?? (frequency === 'monthly' ? null : today),
          end: c.end_date ?? null,
          weekend: c.weekend ?? 'keep',
        },
        values: new Map(months.filter((m) => m >= c.start_month).map((m) => [m, cents])),
      });
    }
  }
  for (const item of [...items.values(), ...added])
    for (const [month, cents] of item.values)
      for (const date of cents ? oracleOccurrences(item.schedule, month.slice(0, 7)) : []) {
        push(item.account, date, item.sign * cents);
        if (item.other !== null) push(item.other, date, -item.sign * cents);
      }
  return out;
}
