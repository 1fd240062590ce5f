/**
 * OFX and QFX statements (SGML v1, whose leaf elements have no end tags, and XML v2) to records
 * under fixed headers, streaming one `<STMTTRN>` block at a time. No npm OFX parser was sound
 * enough (they read the whole file into an XML tree after regex rewrites of the SGML); the part
 * needed here is small: each transaction's DTPOSTED, TRNAMT, NAME (or PAYEE's NAME), MEMO,
 * TRNTYPE, CHECKNUM and FITID.
 */
import { StatementError } from '../domain/statement';
import type { FileRecord } from './csv-records';

export const OFX_HEADERS = ['Date', 'Payee', 'Amount', 'Memo', 'Type', 'Check number', 'FITID'];

/** A transaction block longer than this is not a bank statement. */
const MAX_BLOCK_CHARS = 64 * 1024;
const OPEN = /<STMTTRN>/i;
const CLOSE = /<\/STMTTRN>|<STMTTRN>|<\/BANKTRANLIST>|<\/INVTRANLIST>/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A leaf's text: entities decoded outside CDATA sections, CDATA kept as written (OFX 2 payees). */
function leafText(raw: string): string {
  let text = '';
  let at = 0;
  for (const section of raw.matchAll(CDATA)) {
    text += decodeEntities(raw.slice(at, section.index)) + section[1];
    at = section.index + section[0].length;
  }
  return (text + decodeEntities(raw.slice(at))).replace(/\s+/g, ' ').trim();
}
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;

/** The first value of each leaf element of a block (`<NAME>value` up to the next tag; CDATA is text). */
function leafValues(block: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const match of block.matchAll(/<([A-Za-z0-9.]+)>((?:<!\[CDATA\[[\s\S]*?\]\]>|[^<])*)/g)) {
    const tag = match[1].toUpperCase();
    if (values.get(tag)) continue;
    values.set(tag, leafText(match[2]));
  }
  return values;
}

/** `20240115120000.000[-5:EST]` -> `2024-01-15`; other text is kept so the row is skipped naming it. */
export function ofxDate(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : value;
}

export function transactionCells(block: string): string[] {
  const v = leafValues(block);
  const get = (tag: string) => v.get(tag) ?? '';
  return [
    ofxDate(get('DTPOSTED') || get('DTUSER')),
    get('NAME'),
    get('TRNAMT'),
    get('MEMO'),
    get('TRNTYPE'),
    get('CHECKNUM'),
    get('FITID'),
  ];
}

/** The statement's transactions, one record each, numbered from 1 in file order. */
export async function* ofxRecords(text: AsyncIterable<string>): AsyncGenerator<FileRecord> {
  let buffer = '';
  let rowNumber = 0;
  const take = function* (atEnd: boolean): Generator<FileRecord> {
    for (;;) {
      const open = OPEN.exec(buffer);
      if (!open) {
        buffer = buffer.slice(-16); // keep a tag cut between chunks
        return;
      }
      const bodyStart = open.index + open[0].length;
      const close = CLOSE.exec(buffer.slice(bodyStart));
      if (!close && !atEnd) {
        buffer = buffer.slice(open.index);
        if (buffer.length > MAX_BLOCK_CHARS)
          throw new StatementError('The OFX file has a transaction without an end (</STMTTRN>).');
        return;
      }
      const bodyEnd = close ? bodyStart + close.index : buffer.length;
      rowNumber++;
      yield { rowNumber, cells: transactionCells(buffer.slice(bodyStart, bodyEnd)) };
      buffer = buffer.slice(close && /^<\/STMTTRN>$/i.test(close[0]) ? bodyEnd + close[0].length : bodyEnd);
      if (!close) return;
    }
  };
  for await (const chunk of text) {
    buffer += chunk;
    yield* take(false);
  }
  yield* take(true);
}
