import { ACCOUNT_KIND_MESSAGES } from '@hf/contracts/ledger-limits';
import { NEW_ACCOUNT_PROFILE, nextProfile, type Profile } from './account-profile';

const card: Profile = { kind: 'credit_card', credit_limit: 200_000, low_balance_threshold: null };
const savings: Profile = { kind: 'savings', credit_limit: null, low_balance_threshold: 50_000 };

describe('nextProfile', () => {
  it('a new account is checking without limit or threshold', () => {
    expect(nextProfile(NEW_ACCOUNT_PROFILE, {})).toEqual({
      kind: 'checking',
      credit_limit: null,
      low_balance_threshold: null,
    });
  });

  it('a credit card takes a limit in cents, zero included', () => {
    expect(nextProfile(NEW_ACCOUNT_PROFILE, { kind: 'credit_card', credit_limit: 2500.5 }).credit_limit).toBe(250_050);
    expect(nextProfile(NEW_ACCOUNT_PROFILE, { kind: 'credit_card', credit_limit: 0 }).credit_limit).toBe(0);
  });

  it('an asset account takes any threshold, negative too (an overdraft line)', () => {
    expect(nextProfile(NEW_ACCOUNT_PROFILE, { low_balance_threshold: -100 }).low_balance_threshold).toBe(-10_000);
    expect(nextProfile(NEW_ACCOUNT_PROFILE, { kind: 'cash', low_balance_threshold: 20 }).low_balance_threshold).toBe(
      2000,
    );
  });

  it('absent fields stay; null clears', () => {
    expect(nextProfile(card, {})).toEqual(card);
    expect(nextProfile(card, { credit_limit: null })).toEqual({ ...card, credit_limit: null });
    expect(nextProfile(savings, { low_balance_threshold: null })).toEqual({ ...savings, low_balance_threshold: null });
  });

  it('a kind change drops what the new kind cannot have', () => {
    expect(nextProfile(card, { kind: 'loan' })).toEqual({
      kind: 'loan',
      credit_limit: null,
      low_balance_threshold: null,
    });
    expect(nextProfile(savings, { kind: 'credit_card' })).toEqual({
      kind: 'credit_card',
      credit_limit: null,
      low_balance_threshold: null,
    });
    expect(nextProfile(savings, { kind: 'checking' })).toEqual({ ...savings, kind: 'checking' });
  });

  it.each([
    ['an unknown kind', NEW_ACCOUNT_PROFILE, { kind: 'mortgage' }, ACCOUNT_KIND_MESSAGES.unknownKind],
    ['a limit below zero', card, { credit_limit: -0.01 }, ACCOUNT_KIND_MESSAGES.negativeLimit],
    ['a limit on a checking account', NEW_ACCOUNT_PROFILE, { credit_limit: 100 }, ACCOUNT_KIND_MESSAGES.limitNotCard],
    ['a limit on a loan', NEW_ACCOUNT_PROFILE, { kind: 'loan', credit_limit: 100 }, ACCOUNT_KIND_MESSAGES.limitNotCard],
    ['a threshold on a card', card, { low_balance_threshold: 10 }, ACCOUNT_KIND_MESSAGES.thresholdNotAsset],
    ['a limit of 3 decimals', card, { credit_limit: 1.005 }, 'The field "credit_limit" is invalid'],
  ])('refuses %s with 400', (_label, current, input, message) => {
    expect(() => nextProfile(current, input)).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => nextProfile(current, input)).toThrow(message);
  });
});
