-- Split rows (docs/decisions/0134-split-lines.md): a split row keeps its lines in `splits`
-- (jsonb array of {category_id, amount (cents), notes}, null when the row is not split; its
-- category_id is then null). Everything that counts by category reads `ledger_lines`: one line
-- per unsplit row (line 0, the row itself) and one per line of a split row (line 1..n, the
-- row's date, payee, account and flags with the line's category, amount and notes, or the
-- row's notes when the line has none). Sums per account, payee or date are the same over rows
-- and over lines, since a split row's lines sum exactly to its amount.
ALTER TABLE ledger_rows ADD COLUMN IF NOT EXISTS splits jsonb NULL;
CREATE INDEX IF NOT EXISTS ledger_rows_split ON ledger_rows (household_id, date) WHERE splits IS NOT NULL;
CREATE OR REPLACE VIEW ledger_lines AS
  SELECT r.id, 0 AS line, r.household_id, r.account_id, r.date, r.payee, r.amount, r.category_id, r.status,
    r.notes, r.updated_at, r.is_budgeted, r.is_transfer, r.deleted, r.counted
  FROM ledger_rows r WHERE r.splits IS NULL
  UNION ALL
  SELECT r.id, l.line::int, r.household_id, r.account_id, r.date, r.payee, l.amount, l.category_id, r.status,
    coalesce(nullif(l.notes, ''), r.notes), r.updated_at, r.is_budgeted, r.is_transfer, r.deleted, r.counted
  FROM ledger_rows r
  CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(r.splits) AS (category_id integer, amount bigint, notes text))
    WITH ORDINALITY AS l(category_id, amount, notes, line)
  WHERE r.splits IS NOT NULL;
