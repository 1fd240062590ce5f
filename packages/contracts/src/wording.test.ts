import { countOf } from './wording';

describe('countOf', () => {
  it.each([
    [0, 'transaction', undefined, '0 transactions'],
    [1, 'transaction', undefined, '1 transaction'],
    [2, 'row', undefined, '2 rows'],
    [1234, 'row', undefined, '1,234 rows'],
    [1, 'category', 'categories', '1 category'],
    [3, 'category', 'categories', '3 categories'],
    [-1, 'day', undefined, '-1 days'],
  ])('%p %s -> %s', (count, singular, plural, text) => {
    expect(countOf(count, singular, plural)).toBe(text);
  });
});
