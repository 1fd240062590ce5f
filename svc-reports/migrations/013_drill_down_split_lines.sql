-- The category drill-down's split lines in a table of their own, each row's part of its JSON kept
-- with the row, and its index without unbounded notes (docs/decisions/0157-drill-down-split-lines-table.md).
--
-- 1. `report_head`: `{"id":…,"date":"…","payee":…,"status":…,"updated_at":…` (JSON.stringify's
--    text of those fields, in the answer's order, without the closing brace; svc-reports writes the
--    line's amount, notes, account, category and lines after it). Set by a BEFORE trigger whenever
--    those columns are written (`to_json` and `to_char` are STABLE: not a generated column). A
--    change of those fields' shape in the answer is a new version of `report_row_head` and a
--    migration that rewrites the column. PostgreSQL's JSON strings escape what JSON.stringify
--    escapes (", \, control characters; \b \f \n \r \t by name, the others as \u00xx).
-- 2. `report_split_lines`: one row per line of a counted split row, with what the drill-down
--    answers (its row's head, account, date and lines; the line's category, amount, and notes, or
--    the row's when the line has none), found by household, category and date. Kept by statement
--    triggers on the ledger mirror's `ledger_rows` as the monthly sums are: every write of the
--    mirror takes its rows' old lines out and puts the new ones in, in the same transaction. It
--    replaces migration 009's GIN index of the lines' categories, which found a category's split
--    rows of every year and then read each one's heap page to drop those out of the range (on the
--    bench's 100,000 rows: 1,782 rows read for 435 kept).
-- 3. Notes of up to 1,000 characters are up to 4,000 bytes, more than a B-tree entry holds (2,704):
--    with `notes` in migration 011's covering index, one row with long non-Latin notes failed every
--    write of the household's mirror, and so every report. The index carries `report_notes`, the
--    notes when they take at most 1,000 bytes (null otherwise: the drill-down reads those rows'
--    notes from the table), and the head instead of the five columns in it.
CREATE OR REPLACE FUNCTION report_row_head(id integer, date date, payee text, status text, updated_at text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT '{"id":' || id || ',"date":"' || to_char(date, 'YYYY-MM-DD') || '","payee":' || to_json(payee)::text
    || ',"status":' || to_json(status)::text || ',"updated_at":' || to_json(updated_at)::text
$fn$;

CREATE OR REPLACE FUNCTION report_row_head_set() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.report_head := report_row_head(NEW.id, NEW.date, NEW.payee, NEW.status, NEW.updated_at);
  RETURN NEW;
END
$fn$;

ALTER TABLE ledger_rows ADD COLUMN IF NOT EXISTS report_head text;
DROP TRIGGER IF EXISTS report_row_head_set ON ledger_rows;
CREATE TRIGGER report_row_head_set BEFORE INSERT OR UPDATE OF id, date, payee, status, updated_at ON ledger_rows
  FOR EACH ROW EXECUTE FUNCTION report_row_head_set();

CREATE TABLE IF NOT EXISTS report_split_lines (
  id integer NOT NULL,
  line integer NOT NULL,
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  date date NOT NULL,
  amount bigint NOT NULL,
  category_id integer NULL,
  notes text NOT NULL,
  splits jsonb NOT NULL,
  report_head text NOT NULL,
  PRIMARY KEY (id, line)
);
CREATE INDEX IF NOT EXISTS report_split_lines_category ON report_split_lines (household_id, category_id, date);
-- "Uncategorized" (lines with no category or one not among the live ones) reads by date.
CREATE INDEX IF NOT EXISTS report_split_lines_date ON report_split_lines (household_id, date);

-- Dynamic SQL, since an INSERT's trigger has no old rows and a DELETE's no new ones. The rows'
-- heads are set by then (BEFORE triggers run first).
CREATE OR REPLACE FUNCTION report_split_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    EXECUTE 'DELETE FROM report_split_lines l USING old_rows o WHERE o.splits IS NOT NULL AND l.id = o.id';
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE $sql$
      INSERT INTO report_split_lines (id, line, household_id, account_id, date, amount, category_id, notes, splits, report_head)
      SELECT r.id, x.line::int, r.household_id, r.account_id, r.date, x.amount, x.category_id,
        coalesce(nullif(x.notes, ''), r.notes), r.splits, r.report_head
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

-- A mirror that already holds rows: one update of each sets its head and, through the update
-- trigger above, puts its split lines in.
UPDATE ledger_rows SET report_head = report_row_head(id, date, payee, status, updated_at);
ALTER TABLE ledger_rows ALTER COLUMN report_head SET NOT NULL;

DROP INDEX IF EXISTS reports_split_category;
DROP FUNCTION IF EXISTS report_split_categories(jsonb);

ALTER TABLE ledger_rows ADD COLUMN IF NOT EXISTS report_notes text
  GENERATED ALWAYS AS (CASE WHEN octet_length(notes) <= 1000 THEN notes END) STORED;
-- At most ~1,300 bytes of head (a 200-character payee escaped) and 1,000 of notes; id for the
-- drill-down's order.
DROP INDEX IF EXISTS reports_category;
CREATE INDEX reports_category ON ledger_rows (household_id, category_id, date)
  INCLUDE (id, amount, account_id, report_notes, report_head) WHERE counted AND splits IS NULL;
