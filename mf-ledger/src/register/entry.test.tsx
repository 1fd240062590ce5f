import { checkEntry, emptyDraft, findTransferAccount, resetDraftKeepingDate, transferLegs } from './entry';

describe('transfers', () => {
  const accounts = [
    { id: 1, name: 'Checking' },
    { id: 2, name: 'Savings' },
  ];
  it('a payee equal to another account name (any case) is a transfer', () => {
    expect(findTransferAccount(' savings ', accounts, 1)?.id).toBe(2);
    expect(findTransferAccount('SAVINGS', accounts, 1)?.id).toBe(2);
  });
  it('the current account or another payee is not', () => {
    expect(findTransferAccount('Checking', accounts, 1)).toBeNull();
    expect(findTransferAccount('Savings Bank', accounts, 1)).toBeNull();
    expect(findTransferAccount('', accounts, 1)).toBeNull();
  });
  it('a negative net goes from the current account to the destination', () => {
    expect(transferLegs(-5000, 1, 2)).toEqual({ from_account_id: 1, to_account_id: 2, amount: 50 });
  });
  it('a positive net comes from the destination into the current account', () => {
    expect(transferLegs(1234, 1, 2)).toEqual({ from_account_id: 2, to_account_id: 1, amount: 12.34 });
  });
  it('a zero net still has two different accounts', () => {
    expect(transferLegs(0, 1, 2)).toEqual({ from_account_id: 1, to_account_id: 2, amount: 0 });
  });
});

describe('checkEntry', () => {
  const today = '2025-03-15';
  const draft = { ...emptyDraft('3/14'), payee: 'Grocer', payment: '10', status: 'p' as const, notes: ' hi ' };
  it('parses the date and computes the amount', () => {
    expect(checkEntry(draft, today)).toEqual({
      ok: true,
      date: '2025-03-14',
      payee: 'Grocer',
      amountCents: -1000,
      status: 'p',
      notes: 'hi',
    });
  });
  it('requires a valid date and a payee', () => {
    expect(checkEntry({ ...draft, date: '' }, today)).toMatchObject({ ok: false, field: 'date' });
    expect(checkEntry({ ...draft, date: '2/30/2025' }, today)).toMatchObject({ ok: false, field: 'date' });
    expect(checkEntry({ ...draft, payee: '  ' }, today)).toMatchObject({
      ok: false,
      field: 'payee',
      message: 'Payee is required.',
    });
  });
  it('rejects text in the amount fields', () => {
    expect(checkEntry({ ...draft, deposit: 'ten' }, today)).toMatchObject({ ok: false, field: 'deposit' });
  });
  it('reset keeps only the date', () => {
    expect(resetDraftKeepingDate({ ...draft, category: 'Food', destinationAccountId: 2 })).toEqual(emptyDraft('3/14'));
  });
});
