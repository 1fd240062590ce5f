import { centsToDecimalText, formatCurrency } from '@hf/money';

/** The largest amount the register shows in full: $999,999,999.99 (integer cents). */
export const LARGEST_AMOUNT_CENTS = 99_999_999_999;

/** Measures a text's width in CSS pixels in one font (canvas `measureText`, or a stub in tests). */
export type MeasureText = (text: string, font: string) => number;

export interface ColumnFonts {
  /** The rows' font (`getComputedStyle(td).font`); budgeted rows use its italic. */
  cell: string;
  /** The edit row's amount inputs' font. */
  input: string;
}

/** Cell padding, input padding + border, the lock button and its gap (ledger.css, ui.css). */
export const CELL_PADDING = 12;
export const INPUT_CHROME = 12;
export const LOCK_BUTTON = 26;
/** Sub-pixel rounding and font hinting differ between measure and layout. */
const SLACK = 6;

export interface AmountColumnWidths {
  /** Payment: `$999,999,999.99`, and the edit input's `999999999.99` beside the lock. */
  payment: number;
  /** Deposit: the same without the lock. */
  deposit: number;
  /** The three balances: `-$999,999,999.99`. */
  balance: number;
}

const italic = (font: string) => (/\bitalic\b/.test(font) ? font : `italic ${font}`);

/**
 * Payment, Deposit and balance column widths from the widest value the table can hold, in the
 * table's own fonts (upright and the budgeted rows' italic), so no amount is ever cut.
 */
export function amountColumnWidths(measure: MeasureText, fonts: ColumnFonts): AmountColumnWidths {
  const text = (value: string) => Math.max(measure(value, fonts.cell), measure(value, italic(fonts.cell)));
  const largest = formatCurrency(LARGEST_AMOUNT_CENTS);
  const largestNegative = formatCurrency(-LARGEST_AMOUNT_CENTS);
  const inputValue = centsToDecimalText(LARGEST_AMOUNT_CENTS);
  const amountText = text(largest) + CELL_PADDING;
  const amountInput =
    Math.max(measure(inputValue, fonts.input), measure(inputValue, italic(fonts.input))) + INPUT_CHROME + CELL_PADDING;
  return {
    payment: Math.ceil(Math.max(amountText, amountInput + LOCK_BUTTON) + SLACK),
    deposit: Math.ceil(Math.max(amountText, amountInput) + SLACK),
    balance: Math.ceil(text(largestNegative) + CELL_PADDING + SLACK),
  };
}

let canvas: HTMLCanvasElement | null = null;

/** `measureText` on one shared canvas; null where there is no canvas (jsdom). */
export function canvasMeasure(): MeasureText | null {
  // jsdom has no canvas (and says so on the console): keep the stylesheet's widths there.
  if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return null;
  canvas ??= document.createElement('canvas');
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!context) return null;
  const ctx = context;
  return (value, font) => {
    ctx.font = font;
    return ctx.measureText(value).width;
  };
}
