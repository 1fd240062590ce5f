import { addDays, addMonthKeys, daysInMonth, toDayNumber, type CalendarDate } from '@hf/calendar';
import type { Cents } from '@hf/money';
import { envelopesOfMonth, type EnvelopeMonth, type EnvelopeRecord } from './envelopes';

/** A ledger row as the projection needs it. */
export interface ProjectionRow {
  date: CalendarDate;
  amount: Cents;
  /** A planned occurrence of The Predictables (not yet actual). */
  budgeted: boolean;
}

export interface ProjectedPoint {
  date: CalendarDate;
  balance: Cents;
}

/**
 * Cents drawn by the end of day k of n when `total` is spread evenly: round(total * k / n), half
 * away from zero, so that the n days draw exactly `total`.
 */
export function drawnBy(total: Cents, k: number, n: number): Cents {
  // Integer arithmetic: |total| * k stays far below 2^53 for amounts under 10^14 cents and k <= 31.
  const whole = Math.floor((Math.abs(total) * k) / n);
  const remainder = Math.abs(total) * k - whole * n;
  const rounded = remainder * 2 >= n ? whole + 1 : whole;
  return total < 0 ? -rounded : rounded;
}

/**
 * Envelope draw-down per day after today, for one account: in the current month the remaining
 * `max(left, 0)` over the days from tomorrow to the month's end (nothing on its last day); in
 * every later month up to `end`, `max(amount + rollover, 0)` over all its days, where the
 * rollover of a future month is the overspent part (`min(.., 0)`) of the month before when that
 * envelope rolls over (a future month is assumed spent exactly). Answers cents per date (negative:
 * money leaving the account).
 */
export function envelopeDrawdown(
  today: CalendarDate,
  end: CalendarDate,
  currentMonth: readonly EnvelopeMonth[],
  byMonth: ReadonlyMap<string, readonly EnvelopeRecord[]>,
): Map<CalendarDate, Cents> {
  const draws = new Map<CalendarDate, Cents>();
  const add = (date: CalendarDate, cents: Cents) => {
    if (cents !== 0 && date <= end) draws.set(date, (draws.get(date) ?? 0) + cents);
  };
  const spread = (total: Cents, firstDay: CalendarDate, n: number) => {
    for (let k = 1; k <= n; k++) add(addDays(firstDay, k - 1), -(drawnBy(total, k, n) - drawnBy(total, k - 1, n)));
  };
  const month = today.slice(0, 7);
  const [y, m] = month.split('-').map(Number);
  const remainingDays = daysInMonth(y, m) - Number(today.slice(8, 10));
  // The overspent part of each category carries into the next month when it rolls over.
  let carry = new Map<number, { carry: Cents; rollover: boolean }>();
  for (const e of currentMonth) {
    if (remainingDays > 0) spread(Math.max(e.left, 0), addDays(today, 1), remainingDays);
    carry.set(e.category_id, { carry: Math.min(e.left, 0), rollover: e.rollover_enabled });
  }
  for (let next = addMonthKeys(month, 1); `${next}-01` <= end; next = addMonthKeys(next, 1)) {
    const following = new Map<number, { carry: Cents; rollover: boolean }>();
    const [ny, nm] = next.split('-').map(Number);
    for (const e of envelopesOfMonth(byMonth, next).envelopes) {
      const before = carry.get(e.category_id);
      const rollover = before && before.rollover ? before.carry : 0;
      const total = e.amount + rollover;
      spread(Math.max(total, 0), `${next}-01`, daysInMonth(ny, nm));
      following.set(e.category_id, { carry: Math.min(total, 0), rollover: e.rollover_enabled });
    }
    carry = following;
  }
  return draws;
}

/**
 * One account's projected balance per day from `start` to `end` (both inclusive), in cents.
 * Before today: the starting balance plus the actual rows up to that day. From today on, also
 * every budgeted row: those dated today or earlier (unpaid bills) on today's point, later ones on
 * their dates; plus the envelope draw-down (`draws`, by date).
 */
export function projectBalances(
  startingBalance: Cents,
  rows: readonly ProjectionRow[],
  draws: ReadonlyMap<CalendarDate, Cents>,
  today: CalendarDate,
  start: CalendarDate,
  end: CalendarDate,
): ProjectedPoint[] {
  const first = toDayNumber(start);
  const days = toDayNumber(end) - first + 1;
  const todayIndex = toDayNumber(today) - first;
  const delta = new Array<Cents>(days).fill(0);
  let opening = startingBalance;
  for (const row of rows) {
    let index = toDayNumber(row.date) - first;
    if (row.budgeted && index < todayIndex) index = todayIndex; // an unpaid bill is still owed, today
    if (index < 0) opening += row.amount;
    else if (index < days) delta[index] += row.amount;
  }
  for (const [date, cents] of draws) {
    const index = toDayNumber(date) - first;
    if (index >= 0 && index < days) delta[index] += cents;
  }
  const points: ProjectedPoint[] = [];
  let balance = opening;
  for (let i = 0; i < days; i++) {
    balance += delta[i];
    points.push({ date: addDays(start, i), balance });
  }
  return points;
}

/** The lowest point from today on (earliest on ties) and the first date from today whose balance is below zero. */
export function lowAndNegative(
  points: readonly ProjectedPoint[],
  today: CalendarDate,
): { low: ProjectedPoint | null; firstNegative: CalendarDate | null } {
  let low: ProjectedPoint | null = null;
  let firstNegative: CalendarDate | null = null;
  for (const p of points) {
    if (p.date < today) continue;
    if (low === null || p.balance < low.balance) low = p;
    if (firstNegative === null && p.balance < 0) firstNegative = p.date;
  }
  return { low, firstNegative };
}

/** Net worth: the per-day sum of the accounts' series (all over the same days). */
export function netWorth(
  series: ReadonlyArray<readonly ProjectedPoint[]>,
  start: CalendarDate,
  end: CalendarDate,
): ProjectedPoint[] {
  const days = toDayNumber(end) - toDayNumber(start) + 1;
  const points: ProjectedPoint[] = [];
  for (let i = 0; i < days; i++)
    points.push({ date: addDays(start, i), balance: series.reduce((sum, s) => sum + (s[i]?.balance ?? 0), 0) });
  return points;
}
