-- The category drill-down's split lines in a table of their own, and its index without unbounded
-- notes (docs/decisions/0157-drill-down-split-lines-table.md).
--
-- 1. `report_split_lines`: one row per line of a counted split row, with what the drill-down
--    answers (the row's date, payee, account, status, time and lines; the line's category, amount,
--    and notes, or the row's when the line has none), found by household, category and date.
--    Kept by statement triggers on the ledger mirror's `ledger_rows` as the monthly sums are: every
--    write of the mirror takes its rows' old lines out and puts the new ones in, in the same
--    transaction. It replaces migration 009's GIN index of the lines' categories, which found a
--    category's split rows of every year and then read each one's heap page to drop those out of
--    the range (on the bench's 100,000 rows: 1,782 rows read for 435 kept).
-- 2. Notes of up to 1,000 characters are up to 4,000 bytes, more than a B-tree entry holds (2,704):
--    with `notes` in migration 011's covering index, one row with long non-Latin notes failed every
--    write of the household's mirror, and so every report. The index carries `report_notes`, the
--    notes when they take at most 1,000 bytes (null otherwise: the drill-down reads those rows'
--    notes from the table).
CREATE TABLE IF NOT EXISTS report_split_lines (
  id integer NOT NULL,
  line integer NOT NULL,
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  date date NOT NULL,
  payee text NOT NULL,
  amount bigint NOT NULL,
  category_id integer NULL,
  status text NOT NULL,
  notes text NOT NULL,
  updated_at text NOT NULL,
  splits jsonb NOT NULL,
  PRIMARY KEY (id, line)
);
CREATE INDEX IF NOT EXISTS report_split_lines_category ON report_split_lines (household_id, category_id, date);
-- "Uncategorized" (lines with no category or one not among the live ones) reads by date.
CREATE INDEX IF NOT EXISTS report_split_lines_date ON report_split_lines (household_id, date);

-- Dynamic SQL, since an INSERT's trigger has no old rows and a DELETE's no new ones.
CREATE OR REPLACE FUNCTION report_split_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    EXECUTE 'DELETE FROM report_split_lines l USING old_rows o WHERE o.splits IS NOT NULL AND l.id = o.id';
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE $sql$
      INSERT INTO report_split_lines (id, line, household_id, account_id, date, payee, amount, category_id, status, notes, updated_at, splits)
      SELECT r.id, x.line::int, r.household_id, r.account_id, r.date, r.payee, x.amount, x.category_id, r.status,
        coalesce(nullif(x.notes, ''), r.notes), r.updated_at, r.splits
      FROM new_rows r
      CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(r.splits) AS (category_id integer, amount bigint, notes text))
        WITH ORDINALITY AS x(category_id, amount, notes, line)
      WHERE r.splits IS NOT NULL AND NOT r.deleted AND NOT r.is_budgeted AND NOT r.is_transfer
    $sql$;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION report_split_lines_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_split_lines;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS report_split_lines_insert ON ledger_rows;
DROP TRIGGER IF EXISTS report_split_lines_update ON ledger_rows;
DROP TRIGGER IF EXISTS report_split_lines_delete ON ledger_rows;
DROP TRIGGER IF EXISTS report_split_lines_truncate ON ledger_rows;
CREATE TRIGGER report_split_lines_insert AFTER INSERT ON ledger_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_split_lines_apply();
CREATE TRIGGER report_split_lines_update AFTER UPDATE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_split_lines_apply();
CREATE TRIGGER report_split_lines_delete AFTER DELETE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_split_lines_apply();
CREATE TRIGGER report_split_lines_truncate AFTER TRUNCATE ON ledger_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_split_lines_clear();

-- A mirror that already holds rows: their lines.
TRUNCATE report_split_lines;
INSERT INTO report_split_lines (id, line, household_id, account_id, date, payee, amount, category_id, status, notes, updated_at, splits)
  SELECT r.id, x.line::int, r.household_id, r.account_id, r.date, r.payee, x.amount, x.category_id, r.status,
    coalesce(nullif(x.notes, ''), r.notes), r.updated_at, r.splits
  FROM ledger_rows r
  CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(r.splits) AS (category_id integer, amount bigint, notes text))
    WITH ORDINALITY AS x(category_id, amount, notes, line)
  WHERE r.splits IS NOT NULL AND r.counted;

DROP INDEX IF EXISTS reports_split_category;
DROP FUNCTION IF EXISTS report_split_categories(jsonb);

ALTER TABLE ledger_rows ADD COLUMN IF NOT EXISTS report_notes text
  GENERATED ALWAYS AS (CASE WHEN octet_length(notes) <= 1000 THEN notes END) STORED;
DROP INDEX IF EXISTS reports_category;
CREATE INDEX reports_category ON ledger_rows (household_id, category_id, date)
  INCLUDE (id, payee, amount, account_id, status, report_notes, updated_at) WHERE counted AND splits IS NULL;
