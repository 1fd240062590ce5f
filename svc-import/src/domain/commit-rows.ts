/**
 * The rows of an import_new request, checked by the ledger's bulk-row rules before anything is
 * sent to the ledger: the server does not trust that they came from the file. What the client
 * sends is what is stored (a changed amount is the person's choice on the reconcile page), within
 * the rules. Amounts become cents here, at svc-import's public edge; the ledger is sent cents.
 */
import { createHash } from 'node:crypto';
import { isValidDate } from '@hf/calendar';
import type { ImportNewBody, ImportNewTransaction, UpdateMatchedBody } from '@hf/contracts';
import type { BulkSplitLine, BulkTransactionInput } from '@hf/contracts/ledger-internal';
import { BulkRowError, bulkRowPlace, checkedBulkPayee } from '@hf/ledger-client/bulk-rows';
import { AmountError, toCents } from '@hf/money';

/** A row or update the rules refuse; its message names it (`Transaction 3: ...`). */
export { BulkRowError as CommitRowError };

export interface CommitRow {
  date: string;
  payee: string;
  amountCents: number;
  notes: string;
  category_id: number | null;
  fitid: string | null;
  /** The row's split lines in cents (the ledger checks them with its split rules); null: not split. */
  splits: CommitSplitLine[] | null;
}

/** A bulk create's split line (contracts' BulkSplitLine), its notes trimmed. */
export type CommitSplitLine = Required<BulkSplitLine>;

/**
 * `amount` in cents, or a CommitRowError naming where it is: `Transaction 3` for the row at index
 * 2 (`, split line 1` when `line` is given), or the text given. No text is built for a good amount.
 */
function cents(value: number, where: number | string, line?: number): number {
  try {
    return toCents(value);
  } catch (err) {
    if (!(err instanceof AmountError)) throw err;
    const place = typeof where === 'string' ? where : bulkRowPlace(where);
    throw new BulkRowError(`${place}${line === undefined ? '' : `, split line ${line + 1}`}: ${err.message}`);
  }
}

/** NFC of `text`; text of ASCII characters only is its own NFC (most payees, answered without ICU). */
const nfc = (text: string): string => (ASCII_ONLY.test(text) ? text : text.normalize('NFC'));
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * Every row valid, or a CommitRowError naming the first bad one (1-based). The ledger's bulk-row
 * rules (checkedBulkPayee) on each row's fields, without a row object between (50,000 rows: one
 * object each is what the rows cost).
 */
export function commitRows(body: ImportNewBody): CommitRow[] {
  const fallbackCategory = body.category_id ?? null;
  const transactions = body.transactions;
  const rows = new Array<CommitRow>(transactions.length);
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i];
    const amountCents = cents(t.amount, i);
    const payee = checkedBulkPayee(t.date, nfc(t.payee), amountCents, i);
    const fitid = typeof t.fitid === 'string' && t.fitid.trim() !== '' ? t.fitid.trim() : null;
    const splits = t.splits && t.splits.length > 0 ? splitLines(t.splits, i) : null;
    rows[i] = {
      date: t.date,
      payee,
      amountCents,
      notes: t.notes === undefined ? '' : t.notes.trim(),
      // A split row's categories are its lines' (the request's and the row's category do not apply).
      category_id: splits ? null : t.category_id === undefined ? fallbackCategory : t.category_id,
      fitid,
      splits,
    };
  }
  return rows;
}

/**
 * A row as the ledger's bulk create takes it, status x. Empty notes and no category are left out
 * (the ledger reads them as '' and none): a typical statement's JSON to the ledger is a fifth
 * shorter, to write, send, parse and validate.
 */
export function ledgerRow(r: CommitRow): BulkTransactionInput {
  const row: BulkTransactionInput = { date: r.date, payee: r.payee, amount_cents: r.amountCents, status: 'x' };
  if (r.notes !== '') row.notes = r.notes;
  if (r.category_id !== null) row.category_id = r.category_id;
  if (r.splits) row.splits = r.splits;
  return row;
}

/** A row's lines in cents (2 decimals at most); the ledger checks the rest. */
function splitLines(lines: NonNullable<ImportNewTransaction['splits']>, index: number): CommitSplitLine[] {
  return lines.map((line, j) => ({
    category_id: line.category_id,
    amount_cents: cents(line.amount, index, j),
    notes: (line.notes ?? '').trim(),
  }));
}

/**
 * What an import_new request asks to create, as a digest of its checked rows (fields it does not
 * need, key order and number spellings do not change it): the same Idempotency-Key is a retry
 * only with the same digest.
 */
export function commitRowsDigest(rows: readonly CommitRow[]): string {
  // Each row is the line `JSON.stringify([date, payee, amountCents, notes, category_id, fitid])`
  // (the digests already stored were made so), written field by field and hashed in large pieces:
  // an array and a hash call per row cost more than the hashing itself; a text JSON writes as it
  // is (a date, most payees and notes) is only quoted. A split row's line also has its lines,
  // `[category_id, amount_cents, notes]` each, as a seventh item (rows without lines as before).
  const hash = createHash('sha256');
  let text = '';
  for (const r of rows) {
    text += `[${jsonText(r.date)},${jsonText(r.payee)},${r.amountCents},${jsonText(r.notes)},${r.category_id},${r.fitid === null ? 'null' : jsonText(r.fitid)}${r.splits ? `,${linesText(r.splits)}` : ''}]\n`;
    if (text.length >= DIGEST_PIECE) {
      hash.update(text);
      text = '';
    }
  }
  hash.update(text);
  return hash.digest('hex');
}

/** A split row's lines in the digest: `[[category_id,amount_cents,"notes"],...]`. */
const linesText = (lines: readonly CommitSplitLine[]): string =>
  `[${lines.map((l) => `[${l.category_id},${l.amount_cents},${jsonText(l.notes)}]`).join(',')}]`;

/** Characters of digest text hashed at once. */
const DIGEST_PIECE = 64 * 1024;

/** Text that JSON.stringify writes between quotes unchanged: no quote, backslash, control character or surrogate. */
const JSON_AS_IS = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** `JSON.stringify(text)`, without its escaping pass for the common text that needs none. */
const jsonText = (text: string): string => (JSON_AS_IS.test(text) ? `"${text}"` : JSON.stringify(text));

/** The clear request's updates, checked: each names one of the ids, a real date, 2 decimals. */
export function clearUpdates(body: UpdateMatchedBody): Array<{ id: number; date: string; amount_cents: number }> {
  const ids = new Set(body.transaction_ids);
  const seen = new Set<number>();
  return (body.updates ?? []).map((u, i) => {
    const where = `Update ${i + 1}`;
    if (!ids.has(u.id)) throw new BulkRowError(`${where}: every update must name one of the transaction_ids.`);
    if (seen.has(u.id)) throw new BulkRowError(`${where}: transaction ${u.id} is updated twice.`);
    seen.add(u.id);
    if (!isValidDate(u.date)) throw new BulkRowError(`${where}: the date must be a real date (YYYY-MM-DD).`);
    return { id: u.id, date: u.date, amount_cents: cents(u.amount, where) };
  });
}

/** `1 transaction`, `3 transactions`. */
export function transactionCount(n: number): string {
  return `${n} transaction${n === 1 ? '' : 's'}`;
}
