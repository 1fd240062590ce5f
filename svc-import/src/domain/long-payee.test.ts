import { LEDGER_LIMITS } from '@hf/contracts';
import { fitLongPayee } from './long-payee';
import type { MappedRow } from './statement';

const row = (payee: string, notes = ''): MappedRow => ({
  rowNumber: 2,
  date: '2024-03-04',
  payee,
  amountCents: -450,
  category: '',
  notes,
  fitid: null,
});

describe('fitLongPayee', () => {
  test('a payee within the limit is left as it is', () => {
    const r = row('x'.repeat(LEDGER_LIMITS.payee));
    expect(fitLongPayee(r)).toBe(r);
  });

  test('a longer payee keeps its first characters; blank notes keep the whole text', () => {
    const text = 'CARD PURCHASE '.repeat(20).trim();
    const fitted = fitLongPayee(row(text));
    expect(Array.from(fitted.payee)).toHaveLength(LEDGER_LIMITS.payee);
    expect(text.startsWith(fitted.payee)).toBe(true);
    expect(fitted.notes).toBe(text);
    expect(fitted.amountCents).toBe(-450);
  });

  test('notes already written are kept', () => {
    expect(fitLongPayee(row('y'.repeat(LEDGER_LIMITS.payee + 1), 'memo')).notes).toBe('memo');
  });

  test('notes longer than a row may hold keep their first characters (import_new would refuse them)', () => {
    const memo = 'Remittance line of 35 characters. '.repeat(40);
    const fitted = fitLongPayee(row('Shop', memo));
    expect(fitted.payee).toBe('Shop');
    expect(fitted.notes).toBe(memo.slice(0, LEDGER_LIMITS.notes).trim());
    const both = fitLongPayee(row('z'.repeat(LEDGER_LIMITS.notes + 10)));
    expect(both.payee).toBe('z'.repeat(LEDGER_LIMITS.payee));
    expect(both.notes).toBe('z'.repeat(LEDGER_LIMITS.notes));
  });

  test('characters outside the BMP count once and are never split', () => {
    const fitted = fitLongPayee(row('💳'.repeat(LEDGER_LIMITS.payee + 5)));
    expect(Array.from(fitted.payee)).toEqual(Array(LEDGER_LIMITS.payee).fill('💳'));
    // 150 emoji are 300 UTF-16 units but only 150 characters: within the limit.
    const short = row('💳'.repeat(150));
    expect(fitLongPayee(short)).toBe(short);
  });
});
