/**
 * Which occurrence of its schedule a budgeted row is, kept in the row's `schedule_month`: the
 * month's first occurrence is the month itself (`YYYY-MM`, as every row made before schedules
 * could happen several times a month), the n-th is `YYYY-MM#n` (docs/decisions, budgeted rows per
 * occurrence). A row that became actual keeps its key, so its occurrence is not generated again.
 */
export function occurrenceKey(month: string, index: number): string {
  return index === 0 ? month : `${month}#${index + 1}`;
}

/** The 0-based occurrence of a row's `schedule_month` within its month (0 for a plain `YYYY-MM`). */
export function occurrenceIndex(key: string): number {
  const hash = key.indexOf('#');
  return hash < 0 ? 0 : Number(key.slice(hash + 1)) - 1;
}
