/**
 * How alike two payee texts are, for matching a budgeted (planned) row to a bank row with a
 * different amount: banks write `NETFLIX.COM 866-579-7172`, a plan says `Netflix`. Letters and
 * digits only, case-insensitive. One text contained in the other (at least 4 characters) is a
 * match; otherwise the Sørensen–Dice coefficient over character bigrams.
 */
import { bigramDice } from '@hf/contracts/similarity';

export const PAYEE_SIMILARITY_THRESHOLD = 0.6;

/** Lower-case letters and digits of a payee (any script), nothing else. */
export function payeeLetters(payee: string): string {
  return payee
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** 0..1; 1 when equal or when one (4+ characters) is contained in the other. */
export function payeeSimilarity(a: string, b: string): number {
  const x = payeeLetters(a);
  const y = payeeLetters(b);
  if (x === '' || y === '') return 0;
  if (x === y) return 1;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 4 && long.includes(short)) return 1;
  return bigramDice(x, y);
}

export function payeesAlike(a: string, b: string): boolean {
  return payeeSimilarity(a, b) >= PAYEE_SIMILARITY_THRESHOLD;
}

/** The key of an exact twin's payee: NFC, trimmed, inner blanks collapsed, case-insensitive. */
export function payeeTwinKey(payee: string): string {
  // Printable ASCII (most bank text) is its own NFC and its only blank is the space: the same key
  // without the normalisation and the regular expression, which matching runs for every row.
  if (PRINTABLE_ASCII.test(payee)) {
    const trimmed = payee.trim();
    return (trimmed.includes('  ') ? trimmed.replace(/ {2,}/g, ' ') : trimmed).toLowerCase();
  }
  return payee.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
