/**
 * Households with known schedules, for recurring detection's quality (bench/recurring.ts and
 * svc-budget's quality test): each household's account holds 24 months of rows up to `today` made
 * from schedules of every frequency (fixed and varying amounts, late and early payments, skipped
 * months, weekend moves, a price that changed mid-year) among one-off noise, irregular shopping,
 * a schedule that stopped, and a fixed-price payee at random dates. The truth lists the schedules
 * a person would want proposed: those still running with enough rows in the detector's 18 months.
 * Dates are made here with plain calendar arithmetic, not with svc-budget's schedule code.
 */
import { addDays, addMonths, dayOfWeek, daysInMonth, formatDate, splitDate, toDayNumber } from '@hf/calendar';
import { seededRandom } from '@hf/test-kit/seeded-random';

export type TrueFrequency = 'weekly' | 'every_n_weeks' | 'semi_monthly' | 'monthly' | 'every_n_months' | 'yearly';

export interface GeneratedRow {
  id: number;
  date: string;
  /** Signed cents. */
  amount: number;
  payee: string;
  category_id: number | null;
}

export interface TrueSchedule {
  payee: string;
  item_type: 'payment' | 'deposit';
  frequency: TrueFrequency;
  /** What it shows: the kind of series it is (for the per-case table). */
  kind: string;
  /** The amount now, positive cents (the latest for fixed ones, the base for varying ones). */
  amount: number;
  varying: boolean;
}

export interface GeneratedHousehold {
  today: string;
  rows: GeneratedRow[];
  truth: TrueSchedule[];
}

const HISTORY_MONTHS = 24;

/** Monthly-style dates: `day` (1..31 clamped, or -1) of every `step`-th month from `first` to `today`. */
function monthDays(first: string, today: string, day: number, step = 1): string[] {
  const out: string[] = [];
  for (let m = first.slice(0, 7); `${m}-01` <= today; m = addMonths(`${m}-01`, step).slice(0, 7)) {
    const { year, month } = splitDate(`${m}-01`);
    const last = daysInMonth(year, month);
    const date = formatDate(year, month, day === -1 ? last : Math.min(day, last));
    if (date <= today && date >= first) out.push(date);
  }
  return out;
}

/** A Saturday or Sunday moved to the Friday before or the Monday after. */
function moveWeekend(date: string, rule: 'before' | 'after' | 'keep'): string {
  const w = dayOfWeek(date);
  if (rule === 'keep' || (w !== 0 && w !== 6)) return date;
  if (rule === 'before') return addDays(date, w === 6 ? -1 : -2);
  return addDays(date, w === 6 ? 2 : 1);
}

const SHOPS = ['Grocer', 'Fuel Stop', 'Corner Cafe', 'Pharmacy', 'Bookshop', 'Hardware Store', 'Takeaway', 'Cinema'];

/** One household (deterministic for `seed`). */
export function generateHousehold(seed: number, today = '2026-11-27'): GeneratedHousehold {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const first = addMonths(today, -HISTORY_MONTHS);
  const rows: GeneratedRow[] = [];
  const truth: TrueSchedule[] = [];
  let id = seed * 10_000;
  const add = (date: string, amount: number, payee: string, category_id: number | null = null) => {
    if (date >= first && date <= today) rows.push({ id: ++id, date, amount, payee, category_id });
  };
  /** Late (up to +3 days) or early (-1, -2) now and then. */
  const jitter = (date: string, late = 3) => {
    const r = random();
    return r < 0.25 ? addDays(date, int(1, late)) : r < 0.35 ? addDays(date, -int(1, 2)) : date;
  };
  const varying = (base: number, spread: number) => Math.round(base * (1 + (random() * 2 - 1) * spread));
  const schedule = (s: TrueSchedule, dates: string[], amountAt: (i: number, n: number) => number) => {
    const sign = s.item_type === 'payment' ? -1 : 1;
    dates.forEach((d, i) => add(d, sign * amountAt(i, dates.length), s.payee, 10 + truth.length));
    truth.push(s);
  };
  const n = `${seed}`;

  // Weekly: a cleaner on one weekday, a day late now and then.
  const weeklyStart = addDays(first, int(0, 6));
  const weekly: string[] = [];
  for (let d = weeklyStart; d <= today; d = addDays(d, 7)) weekly.push(random() < 0.15 ? addDays(d, 1) : d);
  const cleaner = int(40, 90) * 100;
  schedule(
    {
      payee: `Cleaner ${n}`,
      item_type: 'payment',
      frequency: 'weekly',
      kind: 'weekly fixed',
      amount: cleaner,
      varying: false,
    },
    weekly,
    () => cleaner,
  );

  // Every 2 weeks: a paycheck, varying a little, a day late now and then.
  const payStart = addDays(first, int(0, 13));
  const biweekly: string[] = [];
  for (let d = payStart; d <= today; d = addDays(d, 14)) biweekly.push(random() < 0.1 ? addDays(d, 1) : d);
  const pay = int(1500, 3200) * 100;
  schedule(
    {
      payee: `Acme Payroll ${n}`,
      item_type: 'deposit',
      frequency: 'every_n_weeks',
      kind: 'every 2 weeks varying',
      amount: pay,
      varying: true,
    },
    biweekly,
    () => varying(pay, 0.04),
  );

  // Twice a month: a second job paid on the 1st and 15th (or 15th and last), the Friday before a weekend.
  const pair = random() < 0.5 ? [1, 15] : [15, -1];
  const semi = [...monthDays(first, today, pair[0]), ...monthDays(first, today, pair[1])]
    .map((d) => moveWeekend(d, 'before'))
    .sort();
  const side = int(400, 900) * 100;
  schedule(
    {
      payee: `Side Gig ${n}`,
      item_type: 'deposit',
      frequency: 'semi_monthly',
      kind: 'twice a month, weekend before',
      amount: side,
      varying: false,
    },
    semi,
    () => side,
  );

  // Monthly rent on the 1st, the Monday after a weekend.
  const rent = int(900, 2400) * 100;
  schedule(
    {
      payee: `Landlord ${n}`,
      item_type: 'payment',
      frequency: 'monthly',
      kind: 'monthly fixed, weekend after',
      amount: rent,
      varying: false,
    },
    monthDays(first, today, 1).map((d) => moveWeekend(d, 'after')),
    () => rent,
  );
  add(addDays(today, -int(40, 200)), -int(50, 300) * 100, `Landlord ${n}`); // a one-off repair bill of the same payee

  // Monthly utility, varying, paid late or early.
  const powerDay = int(5, 25);
  const power = int(60, 160) * 100;
  schedule(
    {
      payee: `City Power ${n}`,
      item_type: 'payment',
      frequency: 'monthly',
      kind: 'monthly varying, late/early',
      amount: power,
      varying: true,
    },
    monthDays(first, today, powerDay).map((d) => jitter(d)),
    () => varying(power, 0.07),
  );

  // Monthly subscription whose price rose mid-year.
  const oldPrice = int(8, 20) * 100 + 99;
  const newPrice = oldPrice + int(2, 4) * 100;
  const changeAt = int(4, 8); // months before the end at the new price
  schedule(
    {
      payee: `Streamly ${n}`,
      item_type: 'payment',
      frequency: 'monthly',
      kind: 'monthly, price changed',
      amount: newPrice,
      varying: false,
    },
    monthDays(first, today, int(2, 27)),
    (i, count) => (i >= count - changeAt ? newPrice : oldPrice),
  );

  // Monthly on the month's last day (or the 31st, clamped), with one skipped month.
  const lastDays = monthDays(first, today, random() < 0.5 ? -1 : 31);
  const skip = int(3, lastDays.length - 4);
  const card = int(100, 600) * 100;
  schedule(
    {
      payee: `Card Repayment ${n}`,
      item_type: 'payment',
      frequency: 'monthly',
      kind: 'monthly month-end, a skipped month',
      amount: card,
      varying: false,
    },
    lastDays.filter((_, i) => i !== skip),
    () => card,
  );

  // Every 3 months: a water bill, varying, a few days late.
  const water = int(80, 250) * 100;
  const quarterFirst = addMonths(first, int(0, 2));
  schedule(
    {
      payee: `Water Board ${n}`,
      item_type: 'payment',
      frequency: 'every_n_months',
      kind: 'every 3 months varying',
      amount: water,
      varying: true,
    },
    monthDays(quarterFirst, today, int(8, 22), 3).map((d) => jitter(d, 2)),
    () => varying(water, 0.06),
  );

  // Yearly: insurance renewed on a date of the last 5 months (so twice in 18 months), the price up a little.
  const renewal = addDays(today, -int(10, 150));
  const insurance = int(300, 1200) * 100;
  schedule(
    {
      payee: `Insurer ${n}`,
      item_type: 'payment',
      frequency: 'yearly',
      kind: 'yearly',
      amount: insurance,
      varying: true,
    },
    [addMonths(renewal, -12), jitter(renewal, 2)],
    (i) => (i === 0 ? Math.round(insurance * 0.97) : insurance),
  );

  // Noise: one-offs, irregular shopping, a stopped schedule, a fixed price at random dates.
  for (let i = 0; i < 25; i++) add(addDays(first, int(0, 730)), -int(5, 500) * 100, `One-off ${n}-${i}`);
  for (const shop of SHOPS) {
    const visits = int(10, 60);
    for (let i = 0; i < visits; i++) add(addDays(first, int(0, 730)), -int(3, 150) * 100, `${shop} ${n}`);
  }
  const stopped = int(10, 30) * 100;
  for (const d of monthDays(first, addMonths(today, -int(5, 10)), int(3, 25))) add(d, -stopped, `Old Gym ${n}`);
  let coffee = addDays(first, int(0, 5));
  while (coffee <= today) {
    add(coffee, -450, `Coffee Cart ${n}`);
    coffee = addDays(coffee, int(2, 12));
  }
  rows.sort((a, b) => toDayNumber(a.date) - toDayNumber(b.date) || a.id - b.id);
  return { today, rows, truth };
}

/** A pick of `count` households. */
export function generateHouseholds(count: number, seed = 1): GeneratedHousehold[] {
  return Array.from({ length: count }, (_, i) => generateHousehold(seed + i));
}
