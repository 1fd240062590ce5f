import type { Predictable } from '@hf/contracts/budget';
import { aPredictable } from '@hf/app-kit/testing/budget';
import {
  amountCellText,
  amountEditText,
  categoryCellText,
  columnAt,
  monthCents,
  parseAmountEdit,
  parseDay,
  transferAccountFor,
} from './grid';
import { horizonMonths, longMonthLabel, shiftMonth, shortMonthLabel } from './months';

/** A rent payment on day 31 of account 1, in Rent. */
const item = (extra: Partial<Predictable>): Predictable =>
  aPredictable({ id: 1, payee: 'Landlord', category: 'Rent', category_id: 2, day_of_month: 31, ...extra });

describe('grid cells', () => {
  it('a zero shows as a dash, other amounts as dollars; the editor opens with plain decimals', () => {
    expect(amountCellText(0)).toBe('-');
    expect(amountCellText(120050)).toBe('$1,200.50');
    expect(amountEditText(0)).toBe('');
    expect(amountEditText(120050)).toBe('1200.50');
    expect(monthCents(item({ values: { '2026-11-01': 19.99 } }), '2026-11-01')).toBe(1999);
    expect(monthCents(item({}), '2026-12-01')).toBe(0);
  });

  it('transfers and mirrors show "-- Transfer --" as their category', () => {
    expect(categoryCellText(item({}))).toBe('Rent');
    expect(categoryCellText(item({ category: null }))).toBe('');
    expect(categoryCellText(item({ transfer_account_id: 2, category: null }))).toBe('-- Transfer --');
    expect(categoryCellText(item({ is_incoming_transfer: true, category: null }))).toBe('-- Transfer --');
  });

  it('columns: payee, category, schedule, then the months', () => {
    const months = horizonMonths('2026-11-15');
    expect([0, 1, 2].map((i) => columnAt(i, months))).toEqual(['payee', 'category', 'schedule']);
    expect(columnAt(3, months)).toEqual({ month: '2026-11-01' });
    expect(columnAt(14, months)).toEqual({ month: '2027-10-01' });
  });
});

describe('cell edits', () => {
  it('saves only a changed amount; blank is 0; a negative or unreadable amount is refused', () => {
    expect(parseAmountEdit('1200', 120000)).toEqual({ kind: 'unchanged' });
    expect(parseAmountEdit('$1,250.5', 120000)).toEqual({ kind: 'save', cents: 125050 });
    expect(parseAmountEdit('', 120000)).toEqual({ kind: 'save', cents: 0 });
    expect(parseAmountEdit(' ', 0)).toEqual({ kind: 'unchanged' });
    expect(parseAmountEdit('-5', 0)).toEqual({
      kind: 'invalid',
      message: 'The amount must not be negative: the type gives the sign.',
    });
    expect(parseAmountEdit('abc', 0)).toEqual({ kind: 'invalid', message: 'Please enter a valid amount.' });
  });

  it('day of month: required, 1 to 31', () => {
    expect(parseDay('31')).toEqual({ ok: true, day: 31 });
    expect(parseDay(' 1 ')).toEqual({ ok: true, day: 1 });
    expect(parseDay('')).toEqual({ ok: false, message: 'Day is required.' });
    for (const bad of ['0', '32', '-1', '1.5', '1; DROP'])
      expect(parseDay(bad)).toEqual({ ok: false, message: 'Day must be between 1 and 31.' });
  });

  it('a payee equal to another account\u2019s name (any case) is a transfer; the account itself is not', () => {
    const accounts = [
      { id: 1, name: 'Checking' },
      { id: 2, name: 'Savings' },
    ];
    expect(transferAccountFor(' savings ', accounts, 1)).toEqual(accounts[1]);
    expect(transferAccountFor('Checking', accounts, 1)).toBeNull();
    expect(transferAccountFor('Savings Bank', accounts, 1)).toBeNull();
  });
});

describe('months', () => {
  it('12 months from the current one, across the year end', () => {
    expect(horizonMonths('2026-11-30')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
      '2027-05-01',
      '2027-06-01',
      '2027-07-01',
      '2027-08-01',
      '2027-09-01',
      '2027-10-01',
    ]);
    expect(shortMonthLabel('2027-02-01')).toBe('Feb 2027');
    expect(longMonthLabel('2026-12')).toBe('December 2026');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });
});
