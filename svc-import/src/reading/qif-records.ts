/**
 * QIF (Quicken Interchange Format) to records under fixed headers, line by line as the text
 * streams. Transactions of `!Type:Bank`, `Cash`, `CCard`, `Oth A` and `Oth L` are read (a file
 * without a type line counts as Bank); account lists, categories, classes, memorised and
 * investment records are passed over. Fields: D date, T (or U) amount, P payee, M memo,
 * L category, N number; `^` ends a record; split lines (S, E, $) are ignored, the total is T.
 * A record without a payee line takes its memo, else its category text, as payee, so no row is
 * dropped for it (docs/rules/import.md); the table's notices say how many did.
 */
import type { FileRecord } from './csv-records';

export const QIF_HEADERS = ['Date', 'Payee', 'Amount', 'Memo', 'Category', 'Number'];

const CASH_TYPES = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l']);

/**
 * Quicken's dates: `1/15'24` (the apostrophe marks a year 2000 or later), ` 1/ 5' 4`, `01/15/2024`,
 * `15.01.2024`, `2024-01-15`. Written back as text the date reader knows, with a four-digit year
 * where the apostrophe said so; the day/month order is the file's, decided like a CSV's.
 */
export function qifDate(value: string): string {
  const text = value.replace(/\s+/g, '');
  const m = /^(\d{1,2})([/.-])(\d{1,2})'(\d{1,2})$/.exec(text);
  if (m) return `${m[1]}${m[2]}${m[3]}${m[2]}${2000 + Number(m[4])}`;
  return text;
}

interface Fields {
  date: string;
  payee: string;
  amount: string;
  memo: string;
  category: string;
  number: string;
  any: boolean;
}

const emptyFields = (): Fields => ({ date: '', payee: '', amount: '', memo: '', category: '', number: '', any: false });

/** What a person is told when rows took their payee from the memo or the category. */
export function payeeSourceNotice(fromMemo: number, fromCategory: number): string | null {
  const rows = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;
  const parts = [
    fromMemo > 0 ? `the memo for ${rows(fromMemo)}` : '',
    fromCategory > 0 ? `the category for ${rows(fromCategory)}` : '',
  ].filter((p) => p !== '');
  if (parts.length === 0) return null;
  return `The file has no payee for ${rows(fromMemo + fromCategory)}: the payee is ${parts.join(' and ')}.`;
}

/**
 * The file's transactions, one record each, numbered from 1 in file order. `notices` receives, once
 * the file is read, what a person should know about how rows were read.
 */
export async function* qifRecords(text: AsyncIterable<string>, notices: string[] = []): AsyncGenerator<FileRecord> {
  let pending = '';
  let fromMemo = 0;
  let fromCategory = 0;
  let reading = true; // inside a type whose records are transactions
  let fields = emptyFields();
  let rowNumber = 0;

  const line = function* (raw: string): Generator<FileRecord> {
    const l = raw.replace(/\r$/, '');
    if (l.trim() === '') return;
    const code = l[0];
    const value = l.slice(1).trim();
    if (code === '!') {
      const header = l.slice(1).trim().toLowerCase();
      if (header.startsWith('type:')) reading = CASH_TYPES.has(header.slice(5).trim());
      else if (header === 'account') reading = false;
      // !Option / !Clear lines change nothing here.
      fields = emptyFields();
      return;
    }
    if (code === '^') {
      if (reading && fields.any) {
        rowNumber++;
        let payee = fields.payee;
        if (payee === '' && fields.memo !== '') {
          payee = fields.memo;
          fromMemo++;
        } else if (payee === '' && fields.category !== '') {
          payee = fields.category;
          fromCategory++;
        }
        yield {
          rowNumber,
          cells: [qifDate(fields.date), payee, fields.amount, fields.memo, fields.category, fields.number],
        };
      }
      fields = emptyFields();
      return;
    }
    fields.any = true;
    switch (code) {
      case 'D':
        fields.date = value;
        break;
      case 'T':
        fields.amount = value;
        break;
      case 'U':
        if (fields.amount === '') fields.amount = value;
        break;
      case 'P':
        fields.payee = value;
        break;
      case 'M':
        fields.memo = value;
        break;
      case 'L':
        fields.category = value;
        break;
      case 'N':
        fields.number = value;
        break;
      default:
        break; // C (cleared), A (address), S/E/$ (splits) and others
    }
  };

  for await (const chunk of text) {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) yield* line(l);
  }
  yield* line(pending);
  // A last record without its closing ^.
  yield* line('^');
  const notice = payeeSourceNotice(fromMemo, fromCategory);
  if (notice) notices.push(notice);
}
