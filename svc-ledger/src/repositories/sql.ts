import type { Pool, PoolClient, Queryable } from '@hf/service-kit';

export type { Pool, PoolClient, Queryable };

/** An instant as ISO text with microseconds (`2025-01-31T12:00:00.123456Z`), exact for round trips. */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An instant as microseconds since the epoch (bigint), as register cursors and keys use it. */
export const epochMicros = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint`;

/** A category's path, `Parent: Child` or `Name`, from the category and its (left-joined) parent. */
export const categoryPathSql = (category: string, parent: string) =>
  `CASE WHEN ${parent}.id IS NULL THEN ${category}.name ELSE ${parent}.name || ': ' || ${category}.name END`;

/** A microsecond-exact instant from ISO text, or null when the text is not one. */
export function isIsoInstant(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})$/.test(text) &&
    !Number.isNaN(Date.parse(text))
  );
}

/** Whether two instants (ISO text) are the same moment, compared as PostgreSQL's timestamptz (to the microsecond). */
export async function sameInstant(q: Queryable, a: string, b: string): Promise<boolean> {
  const result = await q.query<{ same: boolean }>('SELECT $1::timestamptz = $2::timestamptz AS same', [a, b]);
  return result.rows[0].same;
}
