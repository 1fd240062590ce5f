-- Each row's part of the category drill-down's JSON, written once when the row is written
-- (docs/decisions/0157-drill-down-split-lines-table.md): `report_head` holds
-- `{"id":…,"date":"…","payee":…,"status":…,"updated_at":…` (JSON.stringify's text of those fields,
-- in the answer's order; the line's amount, notes, account, category and lines follow it, written
-- by svc-reports). The drill-down reads it with the line instead of five columns, and writes it out
-- as it is. A change of those fields' shape in the answer is a new version of this function and a
-- migration that rewrites the column.
-- PostgreSQL's JSON strings escape what JSON.stringify escapes (", \, control characters; \b \f \n
-- \r \t by name, the others as \u00xx), and a date's text is written as `YYYY-MM-DD`.
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
UPDATE ledger_rows SET report_head = report_row_head(id, date, payee, status, updated_at);
ALTER TABLE ledger_rows ALTER COLUMN report_head SET NOT NULL;
DROP TRIGGER IF EXISTS report_row_head_set ON ledger_rows;
CREATE TRIGGER report_row_head_set BEFORE INSERT OR UPDATE OF id, date, payee, status, updated_at ON ledger_rows
  FOR EACH ROW EXECUTE FUNCTION report_row_head_set();

-- The split lines carry their row's head (migration 013's triggers run after the row's is set),
-- in place of the payee, status and time that it holds.
ALTER TABLE report_split_lines ADD COLUMN IF NOT EXISTS report_head text;
UPDATE report_split_lines l SET report_head = r.report_head FROM ledger_rows r WHERE r.id = l.id;
ALTER TABLE report_split_lines ALTER COLUMN report_head SET NOT NULL;
ALTER TABLE report_split_lines DROP COLUMN IF EXISTS payee, DROP COLUMN IF EXISTS status, DROP COLUMN IF EXISTS updated_at;
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

-- The unsplit rows' index carries the head instead of the five columns in it (id stays: the
-- drill-down's order). At most ~1,300 bytes of head (a 200-character payee) and 1,000 of notes.
DROP INDEX IF EXISTS reports_category;
CREATE INDEX reports_category ON ledger_rows (household_id, category_id, date)
  INCLUDE (id, amount, account_id, report_notes, report_head) WHERE counted AND splits IS NULL;
