import { linesAfterEdit, linesTotal, parseSplitLines, sameLines, SPLIT_MESSAGES, splitLinesInCents } from './splits';

const line = (amount: number, category_id: number | null = 1, notes?: string) => ({ category_id, amount, notes });

describe('parseSplitLines', () => {
  test('[] and null mean no lines', () => {
    expect(parseSplitLines([], -100)).toEqual([]);
    expect(parseSplitLines(null, -100)).toEqual([]);
  });
  test('lines in cents, notes trimmed, mixed signs allowed, an uncategorised line allowed', () => {
    expect(parseSplitLines([line(-12.34, 1, ' a '), line(2.34, null)], -1000)).toEqual([
      { category_id: 1, amount: -1234, notes: 'a' },
      { category_id: null, amount: 234, notes: '' },
    ]);
  });
  test('the sum must be exact: one cent off names the difference', () => {
    expect(() => parseSplitLines([line(-4), line(-5.99)], -1000)).toThrow(
      'The split lines add up to -$9.99 but the transaction is -$10.00: a difference of $0.01.',
    );
    expect(() => parseSplitLines([line(-4), line(-6.01)], -1000)).toThrow('a difference of $0.01');
  });
  test('2 to 100 lines', () => {
    expect(() => parseSplitLines([line(-10)], -1000)).toThrow(SPLIT_MESSAGES.tooFew);
    const hundred = Array.from({ length: 100 }, () => line(-0.1));
    expect(parseSplitLines(hundred, -1000)).toHaveLength(100);
    expect(() => parseSplitLines([...hundred, line(0.01)], -999)).toThrow(SPLIT_MESSAGES.tooMany);
  });
  test('no zero line, no third decimal', () => {
    expect(() => parseSplitLines([line(-10), line(0), line(0)], -1000)).toThrow(SPLIT_MESSAGES.zeroLine(2));
    expect(() => parseSplitLines([line(-4.001), line(-5.999)], -1000)).toThrow(/splits\[0\]\.amount/);
  });
  test('a zero total can be split into lines of both signs', () => {
    expect(linesTotal(parseSplitLines([line(5), line(-5)], 0))).toBe(0);
  });
});

describe('splitLinesInCents (the internal bulk create)', () => {
  const cents = (amount_cents: number, category_id: number | null = 1, notes?: string) => ({
    category_id,
    amount_cents,
    notes,
  });
  test('absent, [] and null mean no lines; lines kept in cents, notes trimmed', () => {
    expect(splitLinesInCents(undefined, -100)).toEqual([]);
    expect(splitLinesInCents(null, -100)).toEqual([]);
    expect(splitLinesInCents([], -100)).toEqual([]);
    expect(splitLinesInCents([cents(-1234, 1, ' a '), cents(234, null)], -1000)).toEqual([
      { category_id: 1, amount: -1234, notes: 'a' },
      { category_id: null, amount: 234, notes: '' },
    ]);
  });
  test('the same rules and messages as the public lines', () => {
    expect(() => splitLinesInCents([cents(-400), cents(-599)], -1000)).toThrow('a difference of $0.01');
    expect(() => splitLinesInCents([cents(-1000)], -1000)).toThrow(SPLIT_MESSAGES.tooFew);
    const many = Array.from({ length: 101 }, () => cents(-10));
    expect(() => splitLinesInCents(many, -1010)).toThrow(SPLIT_MESSAGES.tooMany);
    expect(splitLinesInCents(many.slice(1), -1000)).toHaveLength(100);
    expect(() => splitLinesInCents([cents(-1000), cents(0)], -1000)).toThrow(SPLIT_MESSAGES.zeroLine(2));
  });
});

describe('linesAfterEdit', () => {
  const current = [
    { category_id: 1, amount: -400, notes: '' },
    { category_id: 2, amount: -600, notes: '' },
  ];
  const edit = (amountCents: number, more: Partial<{ isTransfer: boolean; categoryGiven: boolean }> = {}) => ({
    amountCents,
    isTransfer: false,
    categoryGiven: false,
    ...more,
  });
  test('absent: lines stay while they still sum to the amount', () => {
    expect(linesAfterEdit(current, undefined, edit(-1000))).toEqual(current);
    expect(() => linesAfterEdit(current, undefined, edit(-1200))).toThrow(
      SPLIT_MESSAGES.totalWithoutLines(-1000, -1200),
    );
  });
  test('a category given unsplits; [] and null unsplit', () => {
    expect(linesAfterEdit(current, undefined, edit(-1200, { categoryGiven: true }))).toEqual([]);
    expect(linesAfterEdit(current, [], edit(-1000))).toEqual([]);
    expect(linesAfterEdit(current, null, edit(-1000))).toEqual([]);
  });
  test('new lines are checked against the new amount', () => {
    expect(linesAfterEdit(current, [line(-6), line(-6)], edit(-1200))).toHaveLength(2);
    expect(() => linesAfterEdit(current, [line(-6), line(-5)], edit(-1200))).toThrow(/difference of \$1\.00/);
  });
  test('a transfer leg is never split', () => {
    expect(() => linesAfterEdit([], [line(-6), line(-4)], edit(-1000, { isTransfer: true }))).toThrow(
      SPLIT_MESSAGES.transfer,
    );
    expect(linesAfterEdit([], [], edit(-1000, { isTransfer: true }))).toEqual([]);
  });
});

test('sameLines compares line for line; none equals no lines', () => {
  expect(sameLines(null, [])).toBe(true);
  expect(sameLines(undefined, null)).toBe(true);
  expect(sameLines([{ category_id: 1, amount: 1, notes: '' }], [{ category_id: 1, amount: 1, notes: 'x' }])).toBe(
    false,
  );
});
