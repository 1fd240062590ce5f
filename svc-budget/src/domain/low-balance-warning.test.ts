import type { AccountKind } from '@hf/contracts/ledger-limits';
import { lowBalanceWarning, warningLine, type WarningProfile } from './low-balance-warning';
import type { ProjectedPoint } from './projection';

const TODAY = '2026-03-10';
/** Points written out by hand: one per day from Mar 8, balances in cents. */
const series = (...balances: number[]): ProjectedPoint[] =>
  balances.map((balance, i) => ({ date: `2026-03-${String(8 + i).padStart(2, '0')}`, balance }));
const account = (kind: AccountKind, fields: Partial<WarningProfile> = {}): WarningProfile => ({
  kind,
  credit_limit: null,
  low_balance_threshold: null,
  ...fields,
});

describe('warningLine (the line that fits the kind)', () => {
  it.each<[AccountKind, Partial<WarningProfile>, ReturnType<typeof warningLine>]>([
    ['checking', {}, { kind: 'below_zero', line: 0 }],
    ['savings', { low_balance_threshold: 50_000 }, { kind: 'below_threshold', line: 50_000 }],
    ['cash', {}, { kind: 'below_zero', line: 0 }],
    ['investment', { low_balance_threshold: -10_000 }, { kind: 'below_threshold', line: -10_000 }],
    ['credit_card', { credit_limit: 200_000 }, { kind: 'over_limit', line: -200_000 }],
    ['credit_card', { credit_limit: 0 }, { kind: 'over_limit', line: 0 }],
    ['credit_card', {}, null],
    ['loan', {}, null],
  ])('%s %j', (kind, fields, expected) => {
    expect(warningLine(account(kind, fields))).toEqual(expected);
  });
});

describe('lowBalanceWarning', () => {
  it('an asset account warns on the first day from today below zero, with that day and balance', () => {
    // Mar 8 (past) is below zero and does not count; Mar 12 is the first day ahead below zero.
    const points = series(-500, 100, 100, 50, -25, -900);
    expect(lowBalanceWarning(account('checking'), points, TODAY)).toEqual({
      kind: 'below_zero',
      line: 0,
      date: '2026-03-12',
      balance: -25,
      now: false,
    });
  });

  it('zero itself is not below zero; no point below means no warning', () => {
    expect(lowBalanceWarning(account('cash'), series(0, 0, 0, 10), TODAY)).toBeNull();
  });

  it('a savings account with a threshold warns below the threshold, before it goes below zero', () => {
    const points = series(80_000, 80_000, 60_000, 50_000, 49_999, 0);
    expect(lowBalanceWarning(account('savings', { low_balance_threshold: 50_000 }), points, TODAY)).toEqual({
      kind: 'below_threshold',
      line: 50_000,
      date: '2026-03-12',
      balance: 49_999,
      now: false,
    });
  });

  it('a threshold below zero (an overdraft line) replaces zero', () => {
    const profile = account('checking', { low_balance_threshold: -10_000 });
    expect(lowBalanceWarning(profile, series(0, 0, -5000, -10_000), TODAY)).toBeNull();
    expect(lowBalanceWarning(profile, series(0, 0, -5000, -10_001), TODAY)).toMatchObject({
      kind: 'below_threshold',
      date: '2026-03-11',
      balance: -10_001,
    });
  });

  it('an account already below its line today says so: now, dated today', () => {
    expect(lowBalanceWarning(account('checking'), series(100, 100, -300, -200, 500), TODAY)).toEqual({
      kind: 'below_zero',
      line: 0,
      date: TODAY,
      balance: -300,
      now: true,
    });
  });

  it('a credit card below zero but within its limit does not warn; over it, it does', () => {
    const card = account('credit_card', { credit_limit: 200_000 });
    expect(lowBalanceWarning(card, series(-150_000, -150_000, -150_000, -200_000), TODAY)).toBeNull();
    expect(lowBalanceWarning(card, series(-150_000, -150_000, -150_000, -200_000, -210_000), TODAY)).toEqual({
      kind: 'over_limit',
      line: -200_000,
      date: '2026-03-12',
      balance: -210_000,
      now: false,
    });
  });

  it('a credit card over its limit today is over it now', () => {
    const card = account('credit_card', { credit_limit: 100_000 });
    expect(lowBalanceWarning(card, series(-120_000, -120_000, -120_000), TODAY)).toMatchObject({ now: true });
  });

  it('a credit card without a limit never warns, however much is owed', () => {
    expect(lowBalanceWarning(account('credit_card'), series(-9e9, -9e9, -9e9), TODAY)).toBeNull();
  });

  it('a credit card with a zero limit warns on any amount owed', () => {
    expect(lowBalanceWarning(account('credit_card', { credit_limit: 0 }), series(0, 0, 0, -1), TODAY)).toMatchObject({
      date: '2026-03-11',
      balance: -1,
    });
  });

  it('a loan never warns', () => {
    expect(lowBalanceWarning(account('loan'), series(-900_000, -900_000, -900_000, -2_000_000), TODAY)).toBeNull();
  });
});
