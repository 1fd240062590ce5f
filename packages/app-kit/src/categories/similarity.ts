/**
 * Fuzzy matching of category names (docs/rules/screens.md, the category field:
 * over 0.7): the Sørensen–Dice coefficient over letter bigrams,
 * case-insensitive and ignoring whitespace. 1 means equal, 0 means no bigram in common.
 */
import { bigramDice } from '@hf/contracts/similarity';

export const FUZZY_CATEGORY_THRESHOLD = 0.7;

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

export function diceSimilarity(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  if (x === y) return 1;
  return bigramDice(x, y);
}

export interface ClosestMatch<T> {
  item: T;
  score: number;
}

/**
 * The candidate whose text is most similar to `name`, when the similarity is over the
 * threshold (strictly greater, as the spec says "over 0.7"); else null. Ties keep the first.
 */
export function findClosestMatch<T>(
  name: string,
  candidates: readonly T[],
  textOf: (item: T) => string,
  threshold = FUZZY_CATEGORY_THRESHOLD,
): ClosestMatch<T> | null {
  let best: ClosestMatch<T> | null = null;
  for (const item of candidates) {
    const score = diceSimilarity(name, textOf(item));
    if (score > threshold && (!best || score > best.score)) best = { item, score };
  }
  return best;
}
