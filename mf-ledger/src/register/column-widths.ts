import { centsToDecimalText, dollarsToCents, formatCurrency } from '@hf/money';

/**
 * The room an amount input keeps for typing, whatever the rows hold: `9999.99` (the entry line
 * and the editor take a new amount of up to four digits of dollars without scrolling).
 */
export const TYPING_ROOM_CENTS = 999_999;

/** Measures a text's width in CSS pixels in one font (canvas `measureText`, or a stub in tests). */
export type MeasureText = (text: string, font: string) => number;

export interface ColumnFonts {
  /** The rows' font (`getComputedStyle(td).font`); budgeted rows use its italic. */
  cell: string;
  /** The edit row's amount inputs' font. */
  input: string;
  /** The column headings' font. */
  header: string;
}

/** Cell padding, input padding + border, the lock button and its gap (ledger.css, ui.css). */
export const CELL_PADDING = 12;
export const INPUT_CHROME = 12;
export const LOCK_BUTTON = 26;
/** Sub-pixel rounding and font hinting differ between measure and layout. */
const SLACK = 6;

export interface AmountColumnWidths {
  /** Payment: the largest payment, and its edit input beside the lock. */
  payment: number;
  /** Deposit: the same without the lock. */
  deposit: number;
  /** The three balances: the widest of the highest and the lowest. */
  balance: number;
}

/** The amounts the columns must show whole, in cents: the largest payment and deposit, the balances' extremes. */
export interface WidestAmounts {
  payment: number;
  deposit: number;
  highestBalance: number;
  lowestBalance: number;
}

export const NO_AMOUNTS: WidestAmounts = { payment: 0, deposit: 0, highestBalance: 0, lowestBalance: 0 };

/**
 * The extremes of the loaded rows. With tabular figures the text of the largest magnitude is
 * the widest (more digits, or a minus sign), so only these four are measured.
 */
export function widestAmounts(
  rows: readonly { amount: number; running: number; pending: number; cleared: number }[],
): WidestAmounts {
  let { payment, deposit, highestBalance, lowestBalance } = NO_AMOUNTS;
  for (const row of rows) {
    const cents = dollarsToCents(row.amount);
    if (cents < 0) payment = Math.max(payment, -cents);
    else deposit = Math.max(deposit, cents);
    for (const balance of [row.running, row.pending, row.cleared]) {
      const b = dollarsToCents(balance);
      if (b > highestBalance) highestBalance = b;
      if (b < lowestBalance) lowestBalance = b;
    }
  }
  return { payment, deposit, highestBalance, lowestBalance };
}

const italic = (font: string) => (/\bitalic\b/.test(font) ? font : `italic ${font}`);

/**
 * Payment, Deposit and balance column widths from the widest value the rows hold (never less
 * than the heading, nor than an input with room to type), in the table's own fonts (upright and
 * the budgeted rows' italic): no amount is cut and the text columns keep the rest.
 */
export function amountColumnWidths(
  measure: MeasureText,
  fonts: ColumnFonts,
  widest: WidestAmounts = NO_AMOUNTS,
): AmountColumnWidths {
  const text = (cents: number) => {
    const value = formatCurrency(cents);
    return Math.max(measure(value, fonts.cell), measure(value, italic(fonts.cell))) + CELL_PADDING;
  };
  const input = (cents: number, typingRoom = true) => {
    const value = centsToDecimalText(typingRoom ? Math.max(cents, TYPING_ROOM_CENTS) : cents);
    return Math.max(measure(value, fonts.input), measure(value, italic(fonts.input))) + INPUT_CHROME + CELL_PADDING;
  };
  // Headings wrap between words (two lines fit the header row): the widest word counts.
  const heading = (...labels: string[]) =>
    Math.max(...labels.flatMap((l) => l.split(' ')).map((word) => measure(word, fonts.header) + CELL_PADDING));
  return {
    payment: Math.ceil(
      Math.max(
        text(widest.payment),
        input(0),
        // A cleared row's amount sits beside the lock (the room to type is the unlocked input's).
        input(widest.payment, false) + LOCK_BUTTON,
        heading('Payment'),
      ) + SLACK,
    ),
    deposit: Math.ceil(Math.max(text(widest.deposit), input(widest.deposit), heading('Deposit')) + SLACK),
    balance: Math.ceil(
      Math.max(
        text(widest.highestBalance),
        text(widest.lowestBalance),
        heading('Balance', 'Pending Bal', 'Cleared Bal'),
      ) + SLACK,
    ),
  };
}

/** Date and Status keep the stylesheet's widths (ledger.css): the entry line's date input and the badge. */
export const DATE_COLUMN = 104;
export const STATUS_COLUMN = 64;
/** A text column never gets less: its heading, and a short word. */
export const MIN_TEXT_COLUMN = 72;

export interface TextColumnTexts {
  payee: string[];
  category: string[];
  notes: string[];
}

/** How many of each column's longest texts (by characters) are measured: proportional fonts differ a little. */
const LONGEST = 5;

function keepLongest(list: string[], text: string) {
  if (list.length === LONGEST && text.length <= list[LONGEST - 1].length) return;
  list.push(text);
  list.sort((a, b) => b.length - a.length);
  if (list.length > LONGEST) list.pop();
}

/** The longest payees, categories and notes of the loaded rows: the only ones worth measuring. */
export function longestTexts(
  rows: readonly { payee: string; category_name?: string | null; notes?: string | null }[],
): TextColumnTexts {
  const texts: TextColumnTexts = { payee: [], category: [], notes: [] };
  for (const row of rows) {
    keepLongest(texts.payee, row.payee);
    if (row.category_name) keepLongest(texts.category, row.category_name);
    if (row.notes) keepLongest(texts.notes, row.notes);
  }
  return texts;
}

/** What each text column needs to show its longest text whole, upright and italic. */
export function textColumnNeeds(measure: MeasureText, font: string, texts: TextColumnTexts): number[] {
  const lists = [texts.payee, texts.category, texts.notes];
  // Every text upright, then every text italic: the measure's font changes twice, not per text.
  const upright = lists.map((list) => list.map((t) => measure(t, font)));
  const slanted = italic(font);
  return lists.map((list, column) =>
    Math.ceil(
      Math.max(
        MIN_TEXT_COLUMN,
        ...list.map((t, i) => Math.max(upright[column][i], measure(t, slanted)) + CELL_PADDING + SLACK),
      ),
    ),
  );
}

/**
 * Shares `available` pixels between the text columns: every column whose need fits its fair
 * share gets its need, the others split what is left equally (so as many as possible show
 * whole); space beyond all the needs goes to them in proportion.
 */
export function shareTextWidth(needs: readonly number[], available: number): number[] {
  const total = needs.reduce((a, b) => a + b, 0);
  if (total <= available) return needs.map((n) => Math.floor(n + ((available - total) * n) / total));
  const widths = needs.map(() => 0);
  let open = needs.map((_, i) => i);
  let left = Math.max(available, MIN_TEXT_COLUMN * needs.length);
  for (;;) {
    const share = left / open.length;
    const fitting = open.filter((i) => needs[i] <= share);
    if (fitting.length === 0) {
      for (const i of open) widths[i] = Math.floor(share);
      return widths;
    }
    for (const i of fitting) {
      widths[i] = needs[i];
      left -= needs[i];
    }
    open = open.filter((i) => needs[i] > share);
    if (open.length === 0) return widths;
  }
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
  // Setting `font` parses it each time: only when it changes (the measures come grouped by font).
  let current = '';
  return (value, font) => {
    if (font !== current) ctx.font = current = font;
    return ctx.measureText(value).width;
  };
}
