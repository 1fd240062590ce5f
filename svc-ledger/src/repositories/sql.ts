import type { Pool, PoolClient, Queryable } from '@hf/service-kit';

export type { Pool, PoolClient, Queryable };

/** An instant as ISO text with microseconds (`2025-01-31T12:00:00.123456Z`), exact for round trips. */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A microsecond-exact instant from ISO text, or null when the text is not one. */
export function isIsoInstant(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text));
}
