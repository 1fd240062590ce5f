import {
  addMonthKeys,
  addMonths,
  dayOfWeek,
  daysInMonth,
  fromDayNumber,
  monthOf,
  splitDate,
  type CalendarDate,
  type MonthKey,
} from '@hf/calendar';
import type { WeekendRule } from '@hf/contracts/budget-limits';
import { monthOccurrences, nextDates, shiftForWeekend, type Schedule } from './occurrences';

/**
 * Recurring detection (docs/rules/recurring-detection.md; domain.md "Recurring detection and
 * what-if"): the scheduled items an account's actual rows of the last 18 months reveal. Pure:
 * the rows, today, the payees already scheduled and the dismissed keys in; suggestions out.
 *
 * Rows are grouped by payee (case- and space-insensitive) and sign (payments apart from
 * deposits). Each group is fitted against every frequency whose typical gap matches the group's
 * (weekly, every 2 weeks, twice a month, monthly, every 3 months, yearly): the schedule's own
 * dates (occurrences.ts, so an accepted suggestion makes exactly these dates) are matched to the
 * rows with a tolerance for weekends and bank delays. A fit needs 3 rows (yearly 2), at most a
 * quarter of its dates missed, no more than one missed at the end (it still runs), most of the
 * group's rows explained, and amounts that are fixed (or changed once and then held) or within
 * 10 % of their median. The best fit wins.
 */

/** An actual row of the account (amount in signed cents). */
export interface DetectionRow {
  id: number;
  date: CalendarDate;
  amount: number;
  payee: string;
  category_id: number | null;
}

/** The schedule fields of a suggestion, exactly as the Predictable create body takes them. */
export interface SuggestedSchedule {
  frequency: 'weekly' | 'every_n_weeks' | 'semi_monthly' | 'monthly' | 'every_n_months' | 'yearly';
  interval: number | null;
  day_of_month: number;
  days_of_month: [number, number] | null;
  start_date: CalendarDate;
  weekend: WeekendRule;
}

export interface DetectedSuggestion {
  /** Stable per account: `payment:` or `deposit:` and the normalised payee (what a dismissal names). */
  key: string;
  /** The payee as the latest row spells it. */
  payee: string;
  item_type: 'payment' | 'deposit';
  /** The category most of the evidence rows carry (ties: the latest), or null. */
  category_id: number | null;
  schedule: SuggestedSchedule;
  next_date: CalendarDate;
  /** Positive cents: the latest amount when fixed, the median when varying. */
  amount: number;
  amount_kind: 'fixed' | 'varying';
  /** 0..1 (2 decimals): how well the dates and the rows agree. */
  confidence: number;
  /** The rows it rests on, oldest first. */
  evidence: DetectionRow[];
}

export interface DetectionInput {
  rows: readonly DetectionRow[];
  today: CalendarDate;
  /** Payees of the account's scheduled items (any spelling): never proposed. */
  scheduledPayees?: Iterable<string>;
  /** Dismissed suggestion keys: never proposed again. */
  dismissedKeys?: Iterable<string>;
}

/** How far back the detector looks. */
export const DETECTION_MONTHS = 18;
/** Amounts vary by at most this share of their median. */
export const AMOUNT_TOLERANCE = 0.1;
/** The share of a schedule's dates that may pass without a row (skipped months). */
const MAX_MISSED_SHARE = 0.25;
/** The share of the group's rows the schedule must explain (others are one-offs of the payee). */
const MIN_EXPLAINED_SHARE = 0.7;
/**
 * A candidate whose best day or cycle comes near less than this share of the group's rows is not
 * fitted at all (it could not explain enough of them): a cheap cut for irregular payees.
 */
const PREFILTER_SLACK = 0.85;

/**
 * Whether a candidate can pass `accepted` at all, judged cheaply before its dates are made: the
 * rows near its day or cycle (`near`, ascending day numbers) must be enough rows, explain enough
 * of the group's rows since the first of them, and be enough for the dates due since then (with
 * some slack: this is only a cut for irregular payees, `fit` decides).
 */
function plausible(c: Candidate, near: readonly number[], all: readonly number[], today: number): boolean {
  if (near.length < c.minRows) return false;
  const from = near[0] - c.tolerance;
  const inSpan = all.filter((d) => d >= from).length;
  if (near.length < MIN_EXPLAINED_SHARE * inSpan * PREFILTER_SLACK) return false;
  const due = Math.floor((today - c.tolerance - near[0]) / c.every) + 1;
  return near.length >= (1 - MAX_MISSED_SHARE) * due * PREFILTER_SLACK;
}

/** Case-, accent-free and space-insensitive payee key. */
export function payeeKey(payee: string): string {
  return payee.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

export function suggestionKey(itemType: 'payment' | 'deposit', payee: string): string {
  return `${itemType}:${payeeKey(payee)}`;
}

interface Candidate {
  frequency: SuggestedSchedule['frequency'];
  interval: number | null;
  /** Days a row may lie from its date. */
  tolerance: number;
  /** The range of median gaps it is tried for, and its mean gap in days. */
  gaps: [number, number];
  every: number;
  minRows: number;
}

const CANDIDATES: Candidate[] = [
  { frequency: 'weekly', interval: null, tolerance: 2, gaps: [5, 9], every: 7, minRows: 3 },
  { frequency: 'every_n_weeks', interval: 2, tolerance: 3, gaps: [11, 18], every: 14, minRows: 3 },
  { frequency: 'semi_monthly', interval: null, tolerance: 3, gaps: [11, 20], every: 365.25 / 24, minRows: 3 },
  { frequency: 'monthly', interval: null, tolerance: 4, gaps: [24, 45], every: 365.25 / 12, minRows: 3 },
  { frequency: 'every_n_months', interval: 3, tolerance: 6, gaps: [75, 140], every: 365.25 / 4, minRows: 3 },
  { frequency: 'yearly', interval: null, tolerance: 8, gaps: [340, 390], every: 365.25, minRows: 2 },
];

/**
 * toDayNumber without its format check, for the rows' and the schedule's own dates (valid
 * `YYYY-MM-DD` already): the detector reads tens of thousands of them per call.
 */
const dn = (date: CalendarDate): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** Months from `from` to `to` inclusive. */
function monthsBetween(from: MonthKey, to: MonthKey): MonthKey[] {
  const months: MonthKey[] = [];
  for (let m = from; m <= to; m = addMonthKeys(m, 1)) months.push(m);
  return months;
}

/** A schedule with the fields occurrences.ts reads. */
function asSchedule(s: SuggestedSchedule): Schedule {
  return { ...s, end_date: null };
}

/** The schedule's dates (weekend rule applied) from `from` to `to`, each with its named date. */
function expectedDates(
  s: SuggestedSchedule,
  from: CalendarDate,
  to: CalendarDate,
): Array<{ named: number; at: number }> {
  const noWeekend = asSchedule({ ...s, weekend: 'keep' });
  const out: Array<{ named: number; at: number }> = [];
  const lo = dn(from);
  const hi = dn(to);
  for (const month of monthsBetween(addMonthKeys(monthOf(from), -1), addMonthKeys(monthOf(to), 1)))
    for (const named of monthOccurrences(noWeekend, month)) {
      const day = dn(named);
      const at = s.weekend === 'keep' ? day : dn(shiftForWeekend(named, s.weekend));
      if (at >= lo && at <= hi) out.push({ named: day, at });
    }
  return out.sort((a, b) => a.at - b.at);
}

interface Fit {
  schedule: SuggestedSchedule;
  candidate: Candidate;
  matched: Array<{ row: DetectionRow; named: number; at: number }>;
  /** Share of the schedule's dates (from the first matched one to today) that found a row. */
  hitShare: number;
  /** Share of the group's rows (from the first matched date) the schedule explains. */
  explainedShare: number;
  trailingMisses: number;
}

/**
 * Matches rows to the schedule's dates: each date takes at most one row within the tolerance, the
 * one closest to the group's median amount, then to the date.
 */
function fit(
  schedule: SuggestedSchedule,
  candidate: Candidate,
  rows: readonly DetectionRow[],
  dayNumbers: readonly number[],
  medianCents: number,
  today: CalendarDate,
): Fit {
  const tol = candidate.tolerance;
  const first = rows[0].date;
  const dates = expectedDates(schedule, fromDayNumber(dn(first) - tol), today);
  const used = new Set<number>();
  const matched: Fit['matched'] = [];
  let lo = 0;
  const hits: boolean[] = [];
  for (const e of dates) {
    while (lo < rows.length && dayNumbers[lo] < e.at - tol) lo++;
    let best = -1;
    for (let i = lo; i < rows.length && dayNumbers[i] <= e.at + tol; i++) {
      if (used.has(i)) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const da = Math.abs(Math.abs(rows[i].amount) - medianCents) - Math.abs(Math.abs(rows[best].amount) - medianCents);
      if (da < 0 || (da === 0 && Math.abs(dayNumbers[i] - e.at) < Math.abs(dayNumbers[best] - e.at))) best = i;
    }
    if (best >= 0) {
      used.add(best);
      matched.push({ row: rows[best], named: e.named, at: e.at });
    }
    hits.push(best >= 0);
  }
  const firstHit = hits.indexOf(true);
  // A date within the tolerance of today may still be on its way from the bank: not yet a miss.
  const due = dates.map((e, i) => ({ e, hit: hits[i] })).filter((d, i) => i >= firstHit && d.e.at <= dn(today) - tol);
  const dueHits = due.filter((d) => d.hit).length;
  let trailingMisses = 0;
  for (let i = due.length - 1; i >= 0 && !due[i].hit; i--) trailingMisses++;
  const fromDay = firstHit >= 0 ? dates[firstHit].at - tol : Infinity;
  const inSpan = dayNumbers.filter((d) => d >= fromDay).length;
  return {
    schedule,
    candidate,
    matched,
    hitShare: due.length === 0 ? 0 : dueHits / due.length,
    explainedShare: inSpan === 0 ? 0 : matched.length / inSpan,
    trailingMisses,
  };
}

/** Circular distance of `value` to `target` modulo `step`. */
function circular(value: number, target: number, step: number): number {
  const d = (((value - target) % step) + step) % step;
  return Math.min(d, step - d);
}

/** The weekly or every-2-weeks cycle (anchor) that most rows fall on. */
function steppedCandidates(c: Candidate, dayNumbers: readonly number[], today: number): SuggestedSchedule[] {
  const step = c.frequency === 'weekly' ? 7 : 7 * c.interval!;
  let bestResidue = 0;
  let bestCount = -1;
  let bestSpread = Infinity;
  for (let r = 0; r < step; r++) {
    let count = 0;
    let spread = 0;
    for (const day of dayNumbers) {
      const d = circular(day, r, step);
      if (d <= c.tolerance) {
        count++;
        spread += d;
      }
    }
    if (count > bestCount || (count === bestCount && spread < bestSpread)) {
      bestResidue = r;
      bestCount = count;
      bestSpread = spread;
    }
  }
  const near = dayNumbers.filter((d) => circular(d, bestResidue, step) <= c.tolerance);
  if (!plausible(c, near, dayNumbers, today)) return [];
  const firstDay = dayNumbers[0] - c.tolerance;
  const anchor = bestResidue + step * Math.ceil((firstDay - bestResidue) / step);
  const start = fromDayNumber(anchor);
  return [
    {
      frequency: c.frequency,
      interval: c.interval,
      day_of_month: splitDate(start).day,
      days_of_month: null,
      start_date: start,
      weekend: 'keep',
    },
  ];
}

/** What the month-day distance needs of a row, worked out once per group. */
interface RowDay {
  /** The row's day number, its day of the month, and the lengths of its month and the ones around it. */
  at: number;
  day: number;
  previousLength: number;
  length: number;
  nextLength: number;
}

function rowDays(rows: readonly DetectionRow[]): RowDay[] {
  return rows.map((r) => {
    const year = Number(r.date.slice(0, 4));
    const month = Number(r.date.slice(5, 7));
    const day = Number(r.date.slice(8, 10));
    return {
      at: dn(r.date),
      day,
      previousLength: daysInMonth(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1),
      length: daysInMonth(year, month),
      nextLength: daysInMonth(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1),
    };
  });
}

/** `day` (1..31 clamped, or -1) in a month of `length` days. */
const clampDay = (day: number, length: number) => (day === -1 ? length : Math.min(day, length));

/** Distance in days from the row to the nearest date of `day` in its month or the one before or after. */
function distanceToDay(r: RowDay, day: number): number {
  const monthStart = r.at - r.day; // day number of the day before the 1st
  return Math.min(
    Math.abs(monthStart + clampDay(day, r.length) - r.at),
    Math.abs(monthStart - r.previousLength + clampDay(day, r.previousLength) - r.at),
    Math.abs(monthStart + r.length + clampDay(day, r.nextLength) - r.at),
  );
}

/** Day-of-month candidates (1..31, -1) ranked by how many rows lie within the tolerance, then by closeness. */
function bestDays(rows: readonly RowDay[], tolerance: number): Array<{ day: number; count: number }> {
  const scored: Array<{ day: number; count: number; spread: number }> = [];
  for (const day of [-1, ...Array.from({ length: 31 }, (_, i) => i + 1)]) {
    let count = 0;
    let spread = 0;
    for (const row of rows) {
      const d = distanceToDay(row, day);
      if (d <= tolerance) {
        count++;
        spread += d;
      }
    }
    scored.push({ day, count, spread });
  }
  // -1 first among equals: a month-end bill reads "the last day" rather than "the 31st".
  return scored.sort((a, b) => b.count - a.count || a.spread - b.spread);
}

function monthDayCandidates(c: Candidate, rows: readonly DetectionRow[], today: number): SuggestedSchedule[] {
  const byDay = rowDays(rows);
  const days = bestDays(byDay, c.tolerance);
  const nearDay = (...wanted: number[]) =>
    byDay.filter((r) => wanted.some((w) => distanceToDay(r, w) <= c.tolerance)).map((r) => r.at);
  const all = byDay.map((r) => r.at);
  if (c.frequency !== 'semi_monthly' && !plausible(c, nearDay(days[0].day), all, today)) return [];
  const day = days[0].day;
  const base = { interval: c.interval, days_of_month: null, weekend: 'keep' as const };
  const firstMonth = addMonthKeys(monthOf(rows[0].date), -1);
  if (c.frequency === 'monthly')
    return [{ ...base, frequency: 'monthly', day_of_month: day, start_date: `${firstMonth}-01` }];
  if (c.frequency === 'every_n_months')
    // Every 3 months: each of the three phases, counted from the month before the first row.
    return [0, 1, 2].map((phase) => ({
      ...base,
      frequency: 'every_n_months' as const,
      day_of_month: day,
      start_date: `${addMonthKeys(firstMonth, phase)}-01`,
    }));
  // Twice a month: the best day, then the best day among the rows it does not explain.
  const first = day;
  const rest = byDay.filter((r) => distanceToDay(r, first) > c.tolerance);
  if (rest.length === 0) return [];
  const second = bestDays(rest, c.tolerance).find(
    (d) => d.day !== first && Math.abs(dayPosition(d.day) - dayPosition(first)) >= 7,
  );
  if (!second) return [];
  const pair = [first, second.day].sort((a, b) => dayPosition(a) - dayPosition(b)) as [number, number];
  if (!plausible(c, nearDay(...pair), all, today)) return [];
  return [{ ...base, frequency: 'semi_monthly', day_of_month: 1, days_of_month: pair, start_date: `${firstMonth}-01` }];
}

/** A day's place in the month, -1 (the last day) after 31. */
const dayPosition = (day: number) => (day === -1 ? 32 : day);

function yearlyCandidates(rows: readonly DetectionRow[], tolerance: number): SuggestedSchedule[] {
  // The month and day of each row, tried as the yearly date (the one closest to all rows wins in fit).
  const seen = new Set<string>();
  const firstYear = splitDate(rows[0].date).year - 1;
  const out: SuggestedSchedule[] = [];
  for (const row of rows) {
    const md = row.date.slice(5);
    if (seen.has(md) || md === '02-29') continue;
    seen.add(md);
    out.push({
      frequency: 'yearly',
      interval: null,
      day_of_month: Number(md.slice(3)),
      days_of_month: null,
      start_date: `${firstYear}-${md}`,
      weekend: 'keep',
    });
  }
  void tolerance;
  return out;
}

function scheduleCandidates(
  c: Candidate,
  rows: readonly DetectionRow[],
  dayNumbers: readonly number[],
  today: number,
): SuggestedSchedule[] {
  switch (c.frequency) {
    case 'weekly':
    case 'every_n_weeks':
      return steppedCandidates(c, dayNumbers, today);
    case 'yearly':
      return yearlyCandidates(rows, c.tolerance);
    default:
      return monthDayCandidates(c, rows, today);
  }
}

/**
 * The weekend rule the rows show: of the scheduled dates on a Saturday or Sunday, the rows that
 * came on the Friday before or the Monday after (a majority of at least one) name it.
 */
function weekendRule(matched: Fit['matched']): WeekendRule {
  const votes = { keep: 0, before: 0, after: 0 };
  for (const m of matched) {
    const named = fromDayNumber(m.named);
    const weekday = dayOfWeek(named);
    if (weekday !== 0 && weekday !== 6) continue;
    const at = dn(m.row.date);
    if (at === dn(shiftForWeekend(named, 'before'))) votes.before++;
    else if (at === dn(shiftForWeekend(named, 'after'))) votes.after++;
    else votes.keep++;
  }
  if (votes.before > votes.keep && votes.before > votes.after) return 'before';
  if (votes.after > votes.keep && votes.after > votes.before) return 'after';
  return 'keep';
}

/**
 * The amount of the evidence (positive cents), or null when the amounts are not one series:
 * all equal, or changed once and then held (at least twice; yearly once): fixed, the latest;
 * else within 10 % of their median: varying, the median.
 */
export function seriesAmount(
  cents: readonly number[],
  minAfterChange = 2,
): { amount: number; kind: 'fixed' | 'varying' } | null {
  const amounts = cents.map(Math.abs);
  const latest = amounts[amounts.length - 1];
  if (amounts.every((a) => a === latest)) return { amount: latest, kind: 'fixed' };
  let change = amounts.length - 1;
  while (change > 0 && amounts[change - 1] === latest) change--;
  const before = amounts.slice(0, change);
  if (amounts.length - change >= minAfterChange && before.length >= 2 && before.every((a) => a === before[0]))
    return { amount: latest, kind: 'fixed' };
  const mid = median(amounts);
  if (mid > 0 && amounts.every((a) => Math.abs(a - mid) <= AMOUNT_TOLERANCE * mid))
    return { amount: mid, kind: 'varying' };
  return null;
}

function accepted(f: Fit): boolean {
  const c = f.candidate;
  if (f.matched.length < c.minRows) return false;
  if (f.hitShare < 1 - MAX_MISSED_SHARE || f.explainedShare < MIN_EXPLAINED_SHARE) return false;
  return f.trailingMisses <= (c.frequency === 'weekly' ? 2 : 1);
}

const score = (f: Fit) => f.hitShare * f.explainedShare;

/** The category most evidence rows carry; ties go to the latest row's. */
function commonCategory(rows: readonly DetectionRow[]): number | null {
  const counts = new Map<number | null, { count: number; last: number }>();
  rows.forEach((r, i) => {
    const c = counts.get(r.category_id) ?? { count: 0, last: -1 };
    counts.set(r.category_id, { count: c.count + 1, last: i });
  });
  let best: number | null = null;
  let top = { count: -1, last: -1 };
  for (const [id, c] of counts)
    if (c.count > top.count || (c.count === top.count && c.last > top.last)) {
      best = id;
      top = c;
    }
  return best;
}

/** The best schedule for one payee's rows of one sign, or null. */
function detectGroup(rows: DetectionRow[], today: CalendarDate): Omit<DetectedSuggestion, 'key'> | null {
  if (rows.length < 2) return null;
  const days = rows.map((r) => dn(r.date));
  const gaps = days.slice(1).map((d, i) => d - days[i]);
  const gap = median(gaps);
  const mid = median(rows.map((r) => Math.abs(r.amount)));
  let best: { fit: Fit; amount: NonNullable<ReturnType<typeof seriesAmount>> } | null = null;
  for (const c of CANDIDATES) {
    if (gap < c.gaps[0] || gap > c.gaps[1]) continue;
    if (rows.length < c.minRows) continue;
    for (const schedule of scheduleCandidates(c, rows, days, dn(today))) {
      let f = fit(schedule, c, rows, days, mid, today);
      const weekend = c.frequency === 'weekly' || c.frequency === 'every_n_weeks' ? 'keep' : weekendRule(f.matched);
      if (weekend !== 'keep') {
        const moved = fit({ ...schedule, weekend }, c, rows, days, mid, today);
        if (score(moved) >= score(f)) f = moved;
      }
      if (!accepted(f)) continue;
      const amount = seriesAmount(
        f.matched.map((m) => m.row.amount),
        c.frequency === 'yearly' ? 1 : 2,
      );
      if (!amount) continue;
      if (!best || score(f) > score(best.fit)) best = { fit: f, amount };
    }
  }
  if (!best) return null;
  const { fit: f, amount } = best;
  const evidence = f.matched.map((m) => m.row).sort(byDate);
  const latest = evidence[evidence.length - 1];
  const schedule = nextSchedule(f.schedule, latest.date, today);
  const next = nextDates(asSchedule(schedule), today)[0];
  const countWeight = Math.min(1, f.matched.length / (f.candidate.frequency === 'yearly' ? 2 : 6));
  return {
    payee: latest.payee.replace(/\s+/g, ' ').trim(),
    item_type: latest.amount < 0 ? 'payment' : 'deposit',
    category_id: commonCategory(evidence),
    schedule,
    next_date: next,
    amount: amount.amount,
    amount_kind: amount.kind,
    confidence: Math.round(score(f) * countWeight * 100) / 100,
    evidence,
  };
}

/**
 * The schedule as a new item takes it: it starts with its next named date after the latest
 * evidence row and not before today (the rows so far are actual already).
 */
function nextSchedule(s: SuggestedSchedule, latest: CalendarDate, today: CalendarDate): SuggestedSchedule {
  const from = dn(latest) >= dn(today) ? fromDayNumber(dn(latest) + 1) : today;
  // The first date of the old schedule whose moved date is on or after `from`: its named date starts the item.
  const dates = expectedDates(s, from, addMonths(from, 13));
  const first = dates.find((d) => d.at >= dn(from)) ?? dates[0];
  const start = fromDayNumber(first.named);
  const out: SuggestedSchedule = { ...s, start_date: start };
  if (s.frequency === 'weekly' || s.frequency === 'every_n_weeks' || s.frequency === 'yearly')
    out.day_of_month = splitDate(start).day;
  return out;
}

/** Oldest first, then by id (plain string order: dates are `YYYY-MM-DD`). */
const byDate = (a: DetectionRow, b: DetectionRow) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);

/** Suggestions for one account, the most confident first (then by payee). */
export function detectRecurring(input: DetectionInput): DetectedSuggestion[] {
  const { today } = input;
  const since = addMonths(today, -DETECTION_MONTHS);
  const scheduled = new Set([...(input.scheduledPayees ?? [])].map(payeeKey));
  const dismissed = new Set(input.dismissedKeys ?? []);
  const groups = new Map<string, DetectionRow[]>();
  const keys = new Map<string, string>();
  for (const row of input.rows) {
    if (row.date <= since || row.date > today || row.amount === 0) continue;
    let name = keys.get(row.payee);
    if (name === undefined) keys.set(row.payee, (name = payeeKey(row.payee)));
    if (!name || scheduled.has(name)) continue;
    const key = `${row.amount < 0 ? 'payment' : 'deposit'}:${name}`;
    if (dismissed.has(key)) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const out: DetectedSuggestion[] = [];
  for (const [key, rows] of groups) {
    rows.sort(byDate);
    const found = detectGroup(rows, today);
    if (found) out.push({ key, ...found });
  }
  return out.sort(
    (a, b) => b.confidence - a.confidence || a.payee.localeCompare(b.payee) || a.key.localeCompare(b.key),
  );
}
