import { amountColumnWidths, CELL_PADDING, INPUT_CHROME, LOCK_BUTTON, type MeasureText } from './column-widths';

// A monospace-like measure: 8 px a character upright, 9 px italic, 7 px in the inputs' font.
const measure: MeasureText = (text, font) =>
  text.length * (font.startsWith('italic') ? 9 : font.includes('input') ? 7 : 8);

describe('amountColumnWidths', () => {
  it('fits the widest formatted amount and balance, italic included', () => {
    const widths = amountColumnWidths(measure, { cell: '14px cell', input: '13px input' });
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

  it('grows with the font', () => {
    const small = amountColumnWidths(measure, { cell: '14px cell', input: '13px input' });
    const large = amountColumnWidths((t, f) => measure(t, f) * 1.5, { cell: '21px cell', input: '20px input' });
    expect(large.payment).toBeGreaterThan(small.payment);
    expect(large.deposit).toBeGreaterThan(small.deposit);
    expect(large.balance).toBeGreaterThan(small.balance);
  });
});
