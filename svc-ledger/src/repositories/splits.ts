import { pgArray } from '@hf/service-kit';
import type { SplitLineCents } from '../domain/splits';
import type { LedgerWrite } from './events';
import { categoryPathSql } from './sql';

/*
 * Split lines (migration 010, docs/decisions/0134-split-lines.md). A split row has category_id
 * null and no transfer, so every read below looks for lines only on such rows: the rows with a
 * category (most of a register) cost nothing more.
 */

/** A row's lines in cents as a JSON array (TxRow.splits), null when it has none. `t` is the transactions alias. */
export const rowSplitsSql = (t: string) =>
  `CASE WHEN ${t}.category_id IS NULL AND ${t}.transfer_id IS NULL THEN (
     SELECT json_agg(json_build_object('category_id', s.category_id, 'amount', s.amount, 'notes', s.notes) ORDER BY s.position)
     FROM transaction_splits s WHERE s.transaction_id = ${t}.id) END`;

/**
 * A lateral join giving `sl.splits`: a row's lines in API form (category_id, category_name,
 * decimal amount, notes) as JSON, null when it has none. `t` is the transactions alias.
 */
export const splitsApiJoin = (t: string) =>
  `LEFT JOIN LATERAL (
     SELECT json_agg(json_build_object('category_id', s.category_id,
         'category_name', CASE WHEN sc.id IS NULL THEN NULL ELSE ${categoryPathSql('sc', 'sp')} END,
         'amount', trim_scale(s.amount / 100.0), 'notes', s.notes) ORDER BY s.position) AS splits
     FROM transaction_splits s
     LEFT JOIN categories sc ON sc.id = s.category_id LEFT JOIN categories sp ON sp.id = sc.parent_id
     WHERE s.transaction_id = ${t}.id AND ${t}.category_id IS NULL AND ${t}.transfer_id IS NULL) sl ON true`;

/** True (SQL) when row `t` has lines. */
export const hasSplitsSql = (t: string) =>
  `(${t}.category_id IS NULL AND ${t}.transfer_id IS NULL AND EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = ${t}.id))`;

/**
 * Replaces the lines of these rows with theirs (none: the row is not split), in one statement:
 * the lines are written over the positions they take and the positions past a row's new count
 * deleted (the DELETE reads the rows as they were before the statement: the two touch
 * different positions).
 */
export async function saveLines(
  w: LedgerWrite,
  rows: ReadonlyArray<{ id: number; splits?: readonly SplitLineCents[] | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  const lines = rows.flatMap((r) => (r.splits ?? []).map((l, i) => ({ id: r.id, position: i + 1, ...l })));
  await w.client.query(
    `WITH written AS (
       INSERT INTO transaction_splits AS s (transaction_id, position, household_id, category_id, amount, notes)
       SELECT u.id, u.position, $1, u.category_id, u.amount, u.notes
       FROM unnest($2::int[], $3::int[], $4::int[], $5::bigint[], $6::text[]) AS u(id, position, category_id, amount, notes)
       ON CONFLICT (transaction_id, position) DO UPDATE
         SET household_id = excluded.household_id, category_id = excluded.category_id, amount = excluded.amount, notes = excluded.notes
     )
     DELETE FROM transaction_splits s USING unnest($7::int[], $8::int[]) AS k(id, kept)
     WHERE s.transaction_id = k.id AND s.position > k.kept`,
    [
      w.householdId,
      pgArray(lines.map((l) => l.id)),
      pgArray(lines.map((l) => l.position)),
      pgArray(lines.map((l) => l.category_id)),
      pgArray(lines.map((l) => l.amount)),
      pgArray(lines.map((l) => l.notes)),
      pgArray(rows.map((r) => r.id)),
      pgArray(rows.map((r) => r.splits?.length ?? 0)),
    ],
  );
}
