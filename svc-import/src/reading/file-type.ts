/**
 * The kind of statement, from its first text (the file name's extension only breaks a tie):
 * OFX/QFX (an `OFXHEADER:` line or an `<OFX>` element), QIF (a `!Type:` / `!Account` / `!Option`
 * line first, or a .qif file starting with QIF field lines), CAMT (any other XML text, or a .xml
 * file: its reader refuses what is not a camt.053 statement, naming it, instead of reading it as
 * CSV), else CSV.
 */
import type { FileType } from '../domain/statement';

export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(filename.trim());
  return m ? m[1].toLowerCase() : '';
}

export function detectFileType(headText: string, filename: string): FileType {
  const start = headText.replace(/^\s+/, '');
  if (/^OFXHEADER\s*:/i.test(start) || /<OFX>/i.test(headText)) return 'ofx';
  if (/^!(Type:|Account|Option:)/i.test(start)) return 'qif';
  if (/^<(\?xml[\s?]|!DOCTYPE\s|([A-Za-z0-9_.-]+:)?Document[\s>])/.test(start)) return 'camt';
  if (extensionOf(filename) === 'xml') return 'camt';
  if (extensionOf(filename) === 'qif' && /^[DTPMLN^][^\r\n]*\r?\n/.test(start) && /^\^\s*$/m.test(headText))
    return 'qif';
  return 'csv';
}
