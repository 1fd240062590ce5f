/**
 * How alike two payee texts are, for matching a budgeted (planned) row to a bank row with a
 * different amount: banks write `NETFLIX.COM 866-579-7172`, a plan says `Netflix`. Letters and
 * digits only, case-insensitive. One text contained in the other (at least 4 characters) is a
 * match; otherwise the Sørensen–Dice coefficient over character bigrams.
 */
export const PAYEE_SIMILARITY_THRESHOLD = 0.6;

/** Lower-case letters and digits of a payee (any script), nothing else. */
export function payeeLetters(payee: string): string {
  return payee.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function dice(x: string, y: string): number {
  if (x.length < 2 || y.length < 2) return 0;
  const bigrams = new Map<string, number>();
  for (let i = 0; i < x.length - 1; i++) {
    const bigram = x.slice(i, i + 2);
    bigrams.set(bigram, (bigrams.get(bigram) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < y.length - 1; i++) {
    const bigram = y.slice(i, i + 2);
    const count = bigrams.get(bigram) ?? 0;
    if (count > 0) {
      bigrams.set(bigram, count - 1);
      shared++;
    }
  }
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}

/** 0..1; 1 when equal or when one (4+ characters) is contained in the other. */
export function payeeSimilarity(a: string, b: string): number {
  const x = payeeLetters(a);
  const y = payeeLetters(b);
  if (x === '' || y === '') return 0;
  if (x === y) return 1;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 4 && long.includes(short)) return 1;
  return dice(x, y);
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
