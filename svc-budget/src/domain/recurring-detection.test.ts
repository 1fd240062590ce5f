import { addDays, addMonths, dayOfWeek } from '@hf/calendar';
import { detectRecurring, payeeKey, seriesAmount, suggestionKey, type DetectionRow } from './recurring-detection';

// Today is a Friday. Expected schedules are worked out by hand from a calendar (weekdays noted).
const TODAY = '2026-11-27';
let nextId = 1;
const row = (date: string, amount: number, payee: string, category_id: number | null = 7): DetectionRow => ({
  id: nextId++,
  date,
  amount,
  payee,
  category_id,
});
const detect = (rows: DetectionRow[], extra: { scheduledPayees?: string[]; dismissedKeys?: string[] } = {}) =>
  detectRecurring({ rows, today: TODAY, ...extra });

/** Monthly rows on `day` (clamped) for `count` months back from `lastMonth`, the amount from `amountOf`. */
function monthlyRows(
  payee: string,
  day: number,
  count: number,
  amountOf: (i: number) => number,
  lastMonth = '2026-11',
) {
  const out: DetectionRow[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const month = addMonths(`${lastMonth}-01`, -i).slice(0, 7);
    const [y, m] = month.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    out.push(
      row(
        `${month}-${String(day === -1 ? last : Math.min(day, last)).padStart(2, '0')}`,
        amountOf(count - 1 - i),
        payee,
      ),
    );
  }
  return out;
}

describe('payee keys', () => {
  it('ignore case and spaces', () => {
    expect(payeeKey('  City   Power ')).toBe('city power');
    expect(suggestionKey('payment', 'CITY POWER')).toBe('payment:city power');
  });
});

describe('amounts', () => {
  it('fixed: all equal, the latest', () => {
    expect(seriesAmount([-1000, -1000, -1000])).toEqual({ amount: 1000, kind: 'fixed' });
  });
  it('changed once mid-year and then held: fixed, the new amount', () => {
    expect(seriesAmount([-1549, -1549, -1549, -1799, -1799])).toEqual({ amount: 1799, kind: 'fixed' });
  });
  it('a change seen only once is not yet held: judged as varying', () => {
    expect(seriesAmount([-1000, -1000, -1000, -1050])).toEqual({ amount: 1000, kind: 'varying' });
    expect(seriesAmount([-1000, -1000, -1000, -1500])).toBeNull();
  });
  it('varying within 10 % of the median: the median', () => {
    expect(seriesAmount([-9000, -9500, -10000, -10400, -9800])).toEqual({ amount: 9800, kind: 'varying' });
    expect(seriesAmount([-9000, -9500, -10000, -10400])).toEqual({ amount: 9750, kind: 'varying' });
  });
  it('beyond 10 % of the median: none', () => {
    expect(seriesAmount([-5000, -9500, -10000, -10400])).toBeNull();
  });
});

describe('monthly', () => {
  it('a fixed rent on the 1st: payee, category, fields as the create body takes them, next date, evidence', () => {
    const rows = monthlyRows('Landlord', 1, 12, () => -150000);
    const [s, ...rest] = detect(rows);
    expect(rest).toEqual([]);
    expect(s).toMatchObject({
      key: 'payment:landlord',
      payee: 'Landlord',
      item_type: 'payment',
      category_id: 7,
      schedule: {
        frequency: 'monthly',
        interval: null,
        day_of_month: 1,
        days_of_month: null,
        start_date: '2026-12-01',
        weekend: 'keep',
      },
      next_date: '2026-12-01',
      amount: 150000,
      amount_kind: 'fixed',
    });
    expect(s.evidence.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(s.confidence).toBe(1);
  });

  it('late and early payments (up to 3 days) and a skipped month still make one monthly item', () => {
    const jitter = [0, 2, -1, 3, 0, -2, 1, 0, 3, -3, 1, 0];
    const rows = monthlyRows('Phone Co', 15, 12, () => -4500)
      .map((r, i) => ({ ...r, date: addDays(r.date, jitter[i]) }))
      .filter((_, i) => i !== 5);
    const [s] = detect(rows);
    expect(s.schedule).toMatchObject({ frequency: 'monthly', day_of_month: 15 });
    expect(s.next_date).toBe('2026-12-15');
    expect(s.evidence).toHaveLength(11);
    expect(s.confidence).toBeLessThan(1);
    expect(s.confidence).toBeGreaterThan(0.8);
  });

  it('too many skipped months is not a schedule', () => {
    const rows = monthlyRows('Gym', 10, 12, () => -3000).filter((_, i) => i % 3 !== 1);
    expect(detect(rows)).toEqual([]);
  });

  it('month-end bills (28, 29, 30, 31) are the last day (-1)', () => {
    const rows = monthlyRows('Card Payment', -1, 14, () => -20000);
    const [s] = detect(rows);
    expect(s.schedule).toMatchObject({ frequency: 'monthly', day_of_month: -1, start_date: '2026-11-30' });
    expect(s.next_date).toBe('2026-11-30');
  });

  it('the 31st in short months (clamped) reads as the last day; the 30th stays the 30th', () => {
    const [s30] = detect(monthlyRows('Insurer', 30, 12, () => -8000));
    expect(s30.schedule.day_of_month).toBe(30);
    expect(s30.next_date).toBe('2026-11-30');
  });

  it('varying amounts within 10 %: the median', () => {
    const amounts = [-9100, -9900, -10500, -9600, -10200, -9800, -10000, -9700];
    const [s] = detect(monthlyRows('Electric', 20, 8, (i) => amounts[i]));
    expect(s).toMatchObject({ amount_kind: 'varying', amount: 9850 });
  });

  it('an amount that changed mid-year: fixed at the new amount', () => {
    const [s] = detect(monthlyRows('Streamer', 5, 12, (i) => (i < 7 ? -1549 : -1799)));
    expect(s).toMatchObject({ amount_kind: 'fixed', amount: 1799 });
  });

  it('amounts all over the place are not proposed', () => {
    expect(detect(monthlyRows('Shop', 5, 12, (i) => -(1000 + ((i * 3779) % 9000))))).toEqual([]);
  });

  it('a schedule that stopped months ago is not proposed', () => {
    expect(detect(monthlyRows('Old Gym', 3, 10, () => -3000, '2026-07'))).toEqual([]);
  });

  it('this month not yet paid within the tolerance is no miss', () => {
    const rows = monthlyRows('Water', 25, 12, () => -3000, '2026-10');
    const [s] = detect(rows);
    expect(s.confidence).toBe(1);
    expect(s.next_date).toBe('2026-12-25'); // the item starts with the next date to come
  });

  it('weekend rule: a payday on the 15th paid the Friday before when it falls on a weekend', () => {
    // 2026: Feb 15 Sun, Mar 15 Sun, Aug 15 Sat, Nov 15 Sun.
    const rows = monthlyRows('Employer', 15, 12, () => 300000).map((r) => {
      const w = dayOfWeek(r.date);
      return w === 6 ? { ...r, date: addDays(r.date, -1) } : w === 0 ? { ...r, date: addDays(r.date, -2) } : r;
    });
    const [s] = detect(rows);
    expect(s).toMatchObject({ item_type: 'deposit', amount: 300000 });
    expect(s.schedule).toMatchObject({ frequency: 'monthly', day_of_month: 15, weekend: 'before' });
    expect(s.next_date).toBe('2026-12-15');
  });

  it('weekend rule: paid the Monday after', () => {
    const rows = monthlyRows('Council', 1, 14, () => -12000).map((r) => {
      const w = dayOfWeek(r.date);
      return w === 6 ? { ...r, date: addDays(r.date, 2) } : w === 0 ? { ...r, date: addDays(r.date, 1) } : r;
    });
    const [s] = detect(rows);
    expect(s.schedule.weekend).toBe('after');
  });
});

describe('weekly and every 2 weeks', () => {
  const stepped = (payee: string, last: string, step: number, count: number, amount: number) =>
    Array.from({ length: count }, (_, i) => row(addDays(last, -step * (count - 1 - i)), amount, payee));

  it('weekly on Fridays, with its next Friday', () => {
    const rows = stepped('Cleaner', '2026-11-20', 7, 20, -6000);
    const [s] = detect(rows);
    expect(s.schedule).toMatchObject({
      frequency: 'weekly',
      interval: null,
      start_date: '2026-11-27',
      day_of_month: 27,
    });
    expect(s.next_date).toBe('2026-11-27');
    expect(s.evidence).toHaveLength(20);
  });

  it('every 2 weeks: a bi-weekly paycheck (Fridays), late by a day now and then', () => {
    const rows = stepped('Acme Payroll', '2026-11-20', 14, 20, 210000).map((r, i) =>
      i % 5 === 2 ? { ...r, date: addDays(r.date, 1) } : r,
    );
    const [s] = detect(rows);
    expect(s.schedule).toMatchObject({
      frequency: 'every_n_weeks',
      interval: 2,
      start_date: '2026-12-04',
      weekend: 'keep',
    });
    expect(s.next_date).toBe('2026-12-04');
    expect(s.item_type).toBe('deposit');
  });

  it('weekly rows are not mistaken for a monthly item (most rows would be left unexplained)', () => {
    const [s] = detect(stepped('Cleaner', '2026-11-20', 7, 30, -6000));
    expect(s.schedule.frequency).toBe('weekly');
  });
});

describe('twice a month, every 3 months, yearly', () => {
  it('semi-monthly on the 1st and the 15th', () => {
    const rows = [...monthlyRows('Payroll', 1, 10, () => 180000), ...monthlyRows('Payroll', 15, 10, () => 180000)];
    const [s] = detect(rows);
    expect(s.schedule).toMatchObject({ frequency: 'semi_monthly', days_of_month: [1, 15], start_date: '2026-12-01' });
    expect(s.evidence).toHaveLength(20);
  });

  it('semi-monthly on the 15th and the last day', () => {
    const rows = [...monthlyRows('Payroll', 15, 10, () => 180000), ...monthlyRows('Payroll', -1, 10, () => 180000)];
    const [s] = detect(rows);
    expect(s.schedule).toMatchObject({ frequency: 'semi_monthly', days_of_month: [15, -1] });
    expect(s.next_date).toBe('2026-11-30');
  });

  it('every 3 months on the 10th, phase from the rows', () => {
    const rows = ['2025-08-10', '2025-11-10', '2026-02-10', '2026-05-10', '2026-08-10', '2026-11-10'].map((d) =>
      row(d, -25000, 'Water Board'),
    );
    const [s] = detect(rows);
    expect(s.schedule).toMatchObject({
      frequency: 'every_n_months',
      interval: 3,
      day_of_month: 10,
      start_date: '2027-02-10',
    });
    expect(s.next_date).toBe('2027-02-10');
  });

  it('yearly: two rows a year apart are enough', () => {
    const rows = [row('2025-06-14', -12000, 'Car Insurance'), row('2026-06-16', -12600, 'Car Insurance')];
    const [s] = detect(rows);
    expect(s.schedule.frequency).toBe('yearly');
    expect(s.next_date.slice(0, 7)).toBe('2027-06');
    expect(s).toMatchObject({ amount_kind: 'varying', amount: 12300 });
    expect(s.schedule.start_date).toBe(s.next_date);
  });

  it('a yearly row seen once is not a schedule', () => {
    expect(detect([row('2026-03-14', -12000, 'Car Insurance')])).toEqual([]);
  });
});

describe('groups, noise, scheduled and dismissed payees', () => {
  const rent = () => monthlyRows('Landlord', 1, 12, () => -150000);

  it('groups the payee case- and space-insensitively; shows the latest spelling', () => {
    const rows = rent().map((r, i) => ({ ...r, payee: i % 2 ? 'LANDLORD ' : 'landlord' }));
    rows[rows.length - 1].payee = 'Landlord  Ltd'.replace('  Ltd', '');
    const found = detect(rows);
    expect(found).toHaveLength(1);
    expect(found[0].payee).toBe('Landlord');
  });

  it('one-off rows of other payees and irregular shopping are not proposed', () => {
    const noise = [
      row('2026-01-03', -4500, 'Cinema'),
      row('2026-04-19', -2300, 'Cinema'),
      row('2026-09-02', -9900, 'Hardware'),
      ...Array.from({ length: 40 }, (_, i) =>
        row(addDays('2025-07-01', Math.floor(i * 12.7 + ((i * 7) % 5))), -(2000 + ((i * 937) % 8000)), 'Grocer'),
      ),
    ];
    const found = detect([...rent(), ...noise]);
    expect(found.map((s) => s.payee)).toEqual(['Landlord']);
  });

  it('a one-off row of a scheduled payee is left out of its evidence', () => {
    const rows = [...rent(), row('2026-06-20', -5000, 'Landlord')];
    const [s] = detect(rows);
    expect(s.evidence).toHaveLength(12);
    expect(s.evidence.some((r) => r.date === '2026-06-20')).toBe(false);
  });

  it('payments and deposits of one payee are apart (a refund is no schedule)', () => {
    const found = detect([...rent(), row('2026-05-02', 150000, 'Landlord')]);
    expect(found.map((s) => s.key)).toEqual(['payment:landlord']);
  });

  it('skips payees already scheduled and dismissed keys', () => {
    expect(detect(rent(), { scheduledPayees: [' LANDLORD'] })).toEqual([]);
    expect(detect(rent(), { dismissedKeys: ['payment:landlord'] })).toEqual([]);
    expect(detect(rent(), { dismissedKeys: ['deposit:landlord'] })).toHaveLength(1);
  });

  it('looks at the last 18 months only', () => {
    const old = monthlyRows('Landlord', 1, 12, () => -150000, '2025-04');
    expect(detect(old)).toEqual([]);
  });

  it('an account with no rows has no suggestions', () => {
    expect(detect([])).toEqual([]);
  });

  it('answers the most confident first', () => {
    const jitter = monthlyRows('Phone', 15, 12, () => -4500).filter((_, i) => i !== 4);
    const found = detect([...jitter, ...rent()]);
    expect(found.map((s) => s.payee)).toEqual(['Landlord', 'Phone']);
  });
});
