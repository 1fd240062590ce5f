import type { RecurringSuggestion } from '@hf/contracts/budget';
import { offeredBy } from './RecurringOffer';

const suggestion = (key: string, evidence: Array<[string, number]>): RecurringSuggestion => ({
  key,
  account_id: 1,
  payee: key,
  item_type: 'payment',
  category: null,
  category_id: null,
  frequency: 'monthly',
  interval: null,
  day_of_month: 5,
  days_of_month: null,
  start_date: '2026-12-05',
  weekend: 'keep',
  next_date: '2026-12-05',
  amount: 45,
  amount_kind: 'fixed',
  confidence: 1,
  evidence_ids: evidence.map((_, i) => i + 1),
  evidence: evidence.map(([date, amount], i) => ({ id: i + 1, date, amount, payee: key })),
});

describe('the import completion offer', () => {
  it('offers the suggestions resting on an imported row (same date and amount)', () => {
    const gym = suggestion('payment:gym', [
      ['2026-09-05', -45],
      ['2026-10-05', -45],
      ['2026-11-05', -45],
    ]);
    const rent = suggestion('payment:rent', [
      ['2026-10-01', -1500],
      ['2026-11-01', -1500],
    ]);
    expect(offeredBy([gym, rent], [{ date: '2026-11-05', amount: -45 }])).toEqual([gym]);
    expect(offeredBy([gym, rent], [{ date: '2026-11-05', amount: -46 }])).toEqual([]);
    expect(
      offeredBy(
        [gym, rent],
        [
          { date: '2026-11-01', amount: -1500 },
          { date: '2026-11-05', amount: -45 },
        ],
      ),
    ).toEqual([gym, rent]);
    expect(offeredBy([gym], [])).toEqual([]);
  });
});
