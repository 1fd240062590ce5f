/**
 * The Sørensen–Dice coefficient over character bigrams, the one text-similarity rule of the
 * product: category names in the front ends (docs/rules/screens.md's fuzzy match) and payees in
 * svc-import's matching of planned rows. Callers normalise their texts first. A leaf module
 * (no imports), so a front end's first page can load it.
 */
export function bigramDice(x: string, y: string): number {
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
