/**
 * Header texts of a table. Trimmed; a blank header is named by its position (`#3`), and a
 * repeated one gets its occurrence (`Amount (2)`), so every column has one name a mapping can
 * refer to. The names are only ever array entries, never object keys.
 */

/** `#1`, `#2`, ... for a file without a header row. */
export function positionalHeaders(columns: number): string[] {
  return Array.from({ length: columns }, (_, i) => `#${i + 1}`);
}

export function tableHeaders(cells: string[]): string[] {
  const names = cells.map(
    (cell, i) =>
      cell
        .replace(/^\uFEFF/, '')
        .replace(/\s+/g, ' ')
        .trim() || `#${i + 1}`,
  );
  const seen = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let n = 2; seen.has(unique.toLowerCase()); n++) unique = `${name} (${n})`;
    seen.add(unique.toLowerCase());
    return unique;
  });
}
