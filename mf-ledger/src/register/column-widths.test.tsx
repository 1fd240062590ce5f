import {
  amountColumnWidths,
  CELL_PADDING,
  INPUT_CHROME,
  LOCK_BUTTON,
  longestTexts,
  MIN_TEXT_COLUMN,
  shareTextWidth,
  textColumnNeeds,
  widestAmounts,
  type MeasureText,
} from './column-widths';

// A monospace-like measure: 8 px a character upright, 9 px italic, 7 px in the inputs' font, 6 px in the headings'.
const measure: MeasureText = (text, font) =>
  text.length * (font.startsWith('italic') ? 9 : font.includes('input') ? 7 : font.includes('header') ? 6 : 8);
const fonts = { cell: '14px cell', input: '13px input', header: '12px header' };

const row = (amount: number, running: number, pending = running, cleared = running) => ({
  amount,
  running,
  pending,
  cleared,
});

describe('widestAmounts', () => {
  it('finds the largest payment and deposit and both balance extremes, in cents', () => {
    expect(widestAmounts([row(-12.5, 987.5), row(2500, 3487.5, 1000, -40.25), row(-3.2, 3484.3)])).toEqual({
      payment: 1250,
      deposit: 250_000,
      highestBalance: 348_750,
      lowestBalance: -4025,
    });
  });
});

describe('amountColumnWidths', () => {
  it('fits the largest amount and balance the rows hold, italic included', () => {
    const widths = amountColumnWidths(measure, fonts, {
      payment: 99_999_999_999,
      deposit: 99_999_999_999,
      highestBalance: 0,
      lowestBalance: -99_999_999_999,
    });
    // "-$999,999,999.99" is 16 characters, italic 9 px each.
    expect(widths.balance).toBeGreaterThanOrEqual(16 * 9 + CELL_PADDING);
    // "$999,999,999.99" (15 italic characters) or "999999999.99" in an input beside the lock.
    expect(widths.payment).toBeGreaterThanOrEqual(
      Math.max(15 * 9 + CELL_PADDING, 12 * 7 + INPUT_CHROME + LOCK_BUTTON + CELL_PADDING),
    );
    expect(widths.deposit).toBeGreaterThanOrEqual(
      Math.max(15 * 9 + CELL_PADDING, 12 * 7 + INPUT_CHROME + CELL_PADDING),
    );
  });

  it('small amounts leave the columns narrow: the heading, and an input with room for 9999.99', () => {
    const widths = amountColumnWidths(measure, fonts, {
      payment: 320,
      deposit: 250_000,
      highestBalance: 348_750,
      lowestBalance: 0,
    });
    // Payment: "3.20" (4 characters, italic in budgeted rows) beside the lock, or "9999.99" to type in
    // (7); "$2,500.00" is 9 italic characters; headings wrap, "Pending" is 7 heading characters.
    const payment = Math.max(4 * 9 + INPUT_CHROME + CELL_PADDING + LOCK_BUTTON, 7 * 9 + INPUT_CHROME + CELL_PADDING);
    const deposit = Math.max(9 * 9 + CELL_PADDING, 7 * 9 + INPUT_CHROME + CELL_PADDING);
    const balance = Math.max(9 * 9 + CELL_PADDING, 7 * 6 + CELL_PADDING);
    expect(widths.payment).toBeGreaterThanOrEqual(payment);
    expect(widths.payment).toBeLessThanOrEqual(payment + 8);
    expect(widths.deposit).toBeGreaterThanOrEqual(deposit);
    expect(widths.deposit).toBeLessThanOrEqual(deposit + 8);
    expect(widths.balance).toBeGreaterThanOrEqual(balance);
    expect(widths.balance).toBeLessThanOrEqual(balance + 8);
  });

  it('grows with the font', () => {
    const widest = { payment: 120_000, deposit: 250_000, highestBalance: 348_750, lowestBalance: -5 };
    const small = amountColumnWidths(measure, fonts, widest);
    const large = amountColumnWidths((t, f) => measure(t, f) * 1.5, fonts, widest);
    expect(large.payment).toBeGreaterThan(small.payment);
    expect(large.deposit).toBeGreaterThan(small.deposit);
    expect(large.balance).toBeGreaterThan(small.balance);
  });
});

describe('text columns', () => {
  const rows = [
    { payee: 'Paycheck ACME', category_name: null, notes: 'Salary for the month' },
    { payee: 'Corner Hardware Store', category_name: 'Household Supplies', notes: '' },
    { payee: 'Coffee', category_name: 'Food', notes: null },
  ];

  it('keeps the longest texts of each column and measures what they need, italic included', () => {
    const texts = longestTexts(rows);
    expect(texts.payee[0]).toBe('Corner Hardware Store');
    expect(texts.category).toEqual(['Household Supplies', 'Food']);
    expect(texts.notes).toEqual(['Salary for the month']);
    // 21, 18 and 20 characters at 9 px (italic), plus padding; never under the minimum.
    expect(textColumnNeeds(measure, fonts.cell, texts)).toEqual([
      21 * 9 + CELL_PADDING + 6,
      18 * 9 + CELL_PADDING + 6,
      20 * 9 + CELL_PADDING + 6,
    ]);
    expect(textColumnNeeds(measure, fonts.cell, { payee: ['Tea'], category: [], notes: [] })).toEqual([
      MIN_TEXT_COLUMN,
      MIN_TEXT_COLUMN,
      MIN_TEXT_COLUMN,
    ]);
  });

  it('gives every column its need when there is room, and the room beyond in proportion', () => {
    expect(shareTextWidth([200, 100, 100], 800)).toEqual([400, 200, 200]);
    expect(shareTextWidth([200, 100, 100], 400)).toEqual([200, 100, 100]);
  });

  it('short of room: the columns that fit a fair share are whole, the others split the rest', () => {
    // A fair share of 300 is 100: Category (80) is whole; 220 left for two, 110 each: Notes (100) whole, Payee 120.
    expect(shareTextWidth([400, 80, 100], 300)).toEqual([120, 80, 100]);
    // Nothing fits: equal shares.
    expect(shareTextWidth([400, 500, 600], 300)).toEqual([100, 100, 100]);
    // Never under the minimum, even when the table is too narrow.
    expect(shareTextWidth([400, 500, 600], 30)).toEqual([MIN_TEXT_COLUMN, MIN_TEXT_COLUMN, MIN_TEXT_COLUMN]);
  });
});
