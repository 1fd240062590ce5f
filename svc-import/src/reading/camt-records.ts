/**
 * CAMT.053 (ISO 20022 bank-to-customer statement, XML) to records under fixed headers, streamed
 * through saxes one entry (`Ntry`) at a time. The rules are docs/rules/import.md "CAMT.053": one
 * row per entry, or per `TxDtls` when an entry holds several with their own amounts; the sign from
 * `CdtDbtInd`, the date from `BookgDt` (else `ValDt`), the payee from the counterparty, notes from
 * the remittance information, the bank id from `AcctSvcrRef`; an entry not booked is skipped with
 * its reason. A DOCTYPE is refused before anything is read from it (no entities, no external
 * references: docs/decisions/0120-camt-xml-parser.md).
 */
import { SaxesParser, type SaxesTag } from 'saxes';
import { StatementError } from '../domain/statement';
import type { FileRecord } from './csv-records';

export const CAMT_HEADERS = ['Date', 'Payee', 'Amount', 'Notes', 'Status', 'AcctSvcrRef'];
/** The column holding the bank's id of a row (matched at a re-import like an OFX FITID). */
export const CAMT_BANK_ID = 'AcctSvcrRef';

export const DOCTYPE_MESSAGE =
  'The XML file declares a document type (DOCTYPE). Bank statements have none, and its entities or external references are never read: the file is refused.';
export const NOT_CAMT_MESSAGE = 'The XML file is not a CAMT.053 bank statement (ISO 20022 BkToCstmrStmt).';

/** Leaf texts of an entry or of one of its TxDtls, by path below it (`RltdPties/Cdtr/Nm`). */
export type Leaves = Map<string, string[]>;

const first = (leaves: Leaves, ...paths: string[]): string => {
  for (const path of paths) {
    const found = leaves.get(path)?.find((v) => v !== '');
    if (found) return found;
  }
  return '';
};

/** `2024-01-15`, `2024-01-15+01:00` or `2024-01-15T08:30:00` -> `2024-01-15`; other text is kept (the row is skipped naming it). */
function calendarDay(text: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
}

/** A party's name, in the shape of 001.02-001.07 (`Cdtr/Nm`) or 001.08 (`Cdtr/Pty/Nm`). */
const party = (leaves: Leaves, role: string) => first(leaves, `RltdPties/${role}/Nm`, `RltdPties/${role}/Pty/Nm`);

const BOOKED = 'BOOK';

export interface CamtRow {
  cells: string[];
  skipReason?: string;
  /** The payee is not a counterparty but the entry's description. */
  payeeFromText: boolean;
}

/** The rows of one entry (pure: the tests give it leaves directly). */
export function entryRows(entry: Leaves, details: Leaves[]): CamtRow[] {
  const status = first(entry, 'Sts', 'Sts/Cd', 'Sts/Prtry');
  const date = calendarDay(first(entry, 'BookgDt/Dt', 'BookgDt/DtTm') || first(entry, 'ValDt/Dt', 'ValDt/DtTm'));
  const entryRef = first(entry, 'AcctSvcrRef');
  const detailAmount = (d: Leaves) => first(d, 'Amt', 'AmtDtls/TxAmt/Amt', 'AmtDtls/InstdAmt/Amt');
  // A batch is split only when each of its transactions says its own amount.
  const split = details.length > 1 && details.every((d) => detailAmount(d) !== '');
  const parts = split ? details : [details[0] ?? new Map()];
  return parts.map((d, i) => {
    const indicator = ((split && first(d, 'CdtDbtInd')) || first(entry, 'CdtDbtInd')).toUpperCase();
    const amount = split ? detailAmount(d) : first(entry, 'Amt');
    const debit = indicator === 'DBIT';
    const counterparty = debit ? party(d, 'Cdtr') || party(d, 'UltmtCdtr') : party(d, 'Dbtr') || party(d, 'UltmtDbtr');
    const remittance = (d.get('RmtInf/Ustrd') ?? []).filter((v) => v !== '').join(' ');
    const described = first(d, 'AddtlTxInf') || first(entry, 'AddtlNtryInf');
    const notes = remittance || described;
    const detailRef = first(d, 'Refs/AcctSvcrRef');
    const ref = split
      ? detailRef && detailRef !== entryRef
        ? detailRef
        : entryRef && `${entryRef}/${i + 1}`
      : entryRef || detailRef;
    const cells = [
      date,
      counterparty || described || remittance,
      amount === '' ? '' : `${debit ? '-' : ''}${amount}`,
      notes,
      status,
      ref,
    ];
    let skipReason: string | undefined;
    if (status !== '' && status.toUpperCase() !== BOOKED) skipReason = `Not booked (status ${status.slice(0, 20)})`;
    else if (indicator !== 'DBIT' && indicator !== 'CRDT')
      skipReason = indicator === '' ? 'Missing CdtDbtInd' : `Unknown CdtDbtInd "${indicator.slice(0, 20)}"`;
    return { cells, skipReason, payeeFromText: counterparty === '' && cells[1] !== '' };
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** A streaming reader of one CAMT.053 document: `write` text, then `take` the entries' rows finished so far. */
class CamtReader {
  private readonly parser = new SaxesParser({ position: true });
  /** Per open element: its path below the entry or TxDtls it is in (`RltdPties/Cdtr/Nm`), else ''. */
  private readonly keys: string[] = [];
  private text = '';
  /** The element just opened has had no child yet (its text is a leaf's). */
  private leaf = false;
  private entryDepth = -1;
  private detailDepth = -1;
  private entry: Leaves = new Map();
  private details: Leaves[] = [];
  private rows: CamtRow[] = [];
  private seenRoot = false;

  constructor() {
    const p = this.parser;
    p.on('doctype', () => {
      throw new StatementError(DOCTYPE_MESSAGE);
    });
    p.on('error', (err) => {
      throw new StatementError(`The XML file is not well formed: ${err.message.slice(0, 200)}`);
    });
    p.on('opentag', (tag) => this.open(tag));
    p.on('text', (text) => {
      if (this.leaf && this.entryDepth !== -1) this.text += text;
    });
    p.on('cdata', (text) => {
      if (this.leaf) this.text += text;
    });
    p.on('closetag', () => this.close());
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  end(): void {
    this.parser.close();
    if (!this.seenRoot) throw new StatementError(NOT_CAMT_MESSAGE);
  }

  take(): CamtRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private open(tag: SaxesTag): void {
    const name = localName(tag.name);
    const depth = this.keys.length;
    if (depth === 0) {
      if (name !== 'Document') throw new StatementError(NOT_CAMT_MESSAGE);
      this.seenRoot = true;
    } else if (depth === 1 && name !== 'BkToCstmrStmt') throw new StatementError(NOT_CAMT_MESSAGE);
    let key = '';
    if (this.entryDepth === -1) {
      if (name === 'Ntry') {
        this.entryDepth = depth;
        this.entry = new Map();
        this.details = [];
      }
    } else if (name === 'TxDtls' && this.detailDepth === -1) {
      this.detailDepth = depth;
      this.details.push(new Map());
    } else {
      const parent = this.keys[depth - 1];
      key = parent === '' ? name : `${parent}/${name}`;
    }
    this.keys.push(key);
    this.leaf = true;
    this.text = '';
  }

  private close(): void {
    const key = this.keys.pop() as string;
    const depth = this.keys.length;
    if (this.leaf && key !== '') {
      const leaves = this.detailDepth !== -1 ? this.details[this.details.length - 1] : this.entry;
      const value = this.text.trim();
      const clean = /\s\s|[\t\n\r]/.test(value) ? value.replace(/\s+/g, ' ') : value;
      const list = leaves.get(key);
      if (list) list.push(clean);
      else leaves.set(key, [clean]);
    }
    this.leaf = false;
    this.text = '';
    if (depth === this.detailDepth) this.detailDepth = -1;
    else if (depth === this.entryDepth) {
      this.entryDepth = -1;
      for (const row of entryRows(this.entry, this.details)) this.rows.push(row);
    }
  }
}

/** What a person is told when rows have no counterparty and took the entry's text as payee. */
export function camtPayeeNotice(count: number): string | null {
  if (count === 0) return null;
  const rows = `${count.toLocaleString('en-US')} row${count === 1 ? '' : 's'}`;
  return `The statement names no counterparty for ${rows}: the payee is the entry's description or remittance text.`;
}

/** The statement's rows, numbered from 1 in file order; `notices` receives what a person should know. */
export async function* camtRecords(text: AsyncIterable<string>, notices: string[] = []): AsyncGenerator<FileRecord> {
  const reader = new CamtReader();
  let rowNumber = 0;
  let fromText = 0;
  const out = function* (rows: CamtRow[]): Generator<FileRecord> {
    for (const row of rows) {
      rowNumber++;
      if (row.payeeFromText && !row.skipReason) fromText++;
      yield row.skipReason
        ? { rowNumber, cells: row.cells, skipReason: row.skipReason }
        : { rowNumber, cells: row.cells };
    }
  };
  for await (const chunk of text) {
    reader.write(chunk);
    yield* out(reader.take());
  }
  reader.end();
  yield* out(reader.take());
  const notice = camtPayeeNotice(fromText);
  if (notice) notices.push(notice);
}
