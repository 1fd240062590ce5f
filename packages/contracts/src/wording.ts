/**
 * Counts in the words of a sentence, the same on every screen and in every server message: "1
 * transaction", "2 transactions", "1,234 rows" (never "1 transaction(s)"). A leaf module without
 * imports, so front ends load it without typebox.
 */

/** `count` with the noun in its singular for exactly 1, else its plural (`singular + 's'` unless given). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
