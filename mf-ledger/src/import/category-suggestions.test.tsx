import type { ImportedRow } from '@hf/contracts/import';
import { importNewTransactions } from './reconcile';
import { payeesToSuggest } from './use-category-suggestions';

const row = (n: number, payee: string, category = '', extra: Partial<ImportedRow> = {}): ImportedRow => ({
  row_number: n,
  date: '2025-03-01',
  payee,
  amount: -1,
  category,
  notes: '',
  fitid: null,
  ...extra,
});

describe('payeesToSuggest', () => {
  it('lists the distinct payees (case and spaces ignored) of rows without a category, most rows first, at most N', () => {
    const rows = [
      row(1, 'Bakery'),
      row(2, 'grocer '),
      row(3, 'Grocer'),
      row(4, 'Cinema', 'Fun'),
      row(5, '  '),
      row(6, 'Ruled', '', { category_id: 7 } as Partial<ImportedRow>),
    ];
    expect(payeesToSuggest(rows)).toEqual(['grocer', 'Bakery']);
    expect(payeesToSuggest(rows, 1)).toEqual(['grocer']);
  });
});

describe('importNewTransactions with suggestions', () => {
  it('a row without a category takes its payee suggestion; a file category wins; without one, none is sent', () => {
    const categoryIdOf = (text: string) => (text === 'Fun' ? 3 : null);
    const suggested = (payee: string) => (payee.trim().toLowerCase() === 'grocer' ? 11 : null);
    const txs = importNewTransactions(
      [row(1, 'Grocer'), row(2, 'grocer', 'Fun'), row(3, 'Bakery'), row(4, 'Grocer', 'Unknown')],
      categoryIdOf,
      suggested,
    );
    expect(txs.map((t) => t.category_id)).toEqual([11, 3, undefined, undefined]);
    // Suggestions turned off: the page's category (the request's) applies.
    expect(importNewTransactions([row(1, 'Grocer')], categoryIdOf).map((t) => t.category_id)).toEqual([undefined]);
  });
});
