import { diceSimilarity, findClosestMatch, FUZZY_CATEGORY_THRESHOLD } from './similarity';

describe('diceSimilarity', () => {
  it('is 1 for equal text, ignoring case and spaces', () => {
    expect(diceSimilarity('Groceries', 'groceries')).toBe(1);
    expect(diceSimilarity('Dining Out', 'diningout')).toBe(1);
  });
  it('is 0 when nothing is shared or a side is too short', () => {
    expect(diceSimilarity('abc', 'xyz')).toBe(0);
    expect(diceSimilarity('a', 'abc')).toBe(0);
    expect(diceSimilarity('', 'abc')).toBe(0);
  });
  it('scores a one-letter typo high and a different word low', () => {
    expect(diceSimilarity('Grocries', 'Groceries')).toBeCloseTo(0.8); // 6 shared of 7 + 8 bigrams
    expect(diceSimilarity('Grocery', 'Groceries')).toBeCloseTo(10 / 14);
    expect(diceSimilarity('Grocerys', 'Groceries')).toBeCloseTo(10 / 15); // under 0.7
    expect(diceSimilarity('Gas', 'Groceries')).toBeLessThan(0.3);
  });
  it('counts repeated bigrams only as often as they occur', () => {
    // 'aaaa' has bigrams aa x3, 'aa' has aa x1: 2*1/(3+1) = 0.5
    expect(diceSimilarity('aaaa', 'aa')).toBe(0.5);
  });
  it('is symmetric', () => {
    expect(diceSimilarity('Utilities', 'Utility')).toBeCloseTo(diceSimilarity('Utility', 'Utilities'));
  });
});

describe('findClosestMatch', () => {
  const names = ['Groceries', 'Gas', 'Utilities', 'Entertainment'];
  it('returns the best candidate over the threshold', () => {
    const match = findClosestMatch('utilites', names, (n) => n);
    expect(match?.item).toBe('Utilities');
    expect(match!.score).toBeGreaterThan(FUZZY_CATEGORY_THRESHOLD);
  });
  it('returns null when nothing is over 0.7', () => {
    expect(findClosestMatch('Rent', names, (n) => n)).toBeNull();
  });
  it('needs strictly more than the threshold', () => {
    // 'aaaa' vs 'aa' is exactly 0.5
    expect(findClosestMatch('aaaa', ['aa'], (n) => n, 0.5)).toBeNull();
    expect(findClosestMatch('aaaa', ['aa'], (n) => n, 0.49)?.item).toBe('aa');
  });
});
