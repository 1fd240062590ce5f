-- Monthly sums (issue 21's reports speed, docs/decisions/0137-monthly-report-sums.md): net cents
-- and the number of counted lines per (household, month, category), so a report of all accounts by
-- category or month reads whole months from here and only the partial months at the ends of its
-- range from the rows (a report of chosen accounts, and by payee, reads rows). Kept by statement triggers on the ledger mirror's
-- `ledger_rows`: every write of the mirror (an event through the consumer, a rebuild's delete and
-- re-insert, a payee rename, a move, a delete) moves the sums in the same transaction, so they are
-- exactly as idempotent as the mirror is (the processed-event record commits with them). Split
-- rows count each line under its own category (as `ledger_lines`). Category 0 is "no category". Merged or deleted categories
-- stay under their stored id, resolved when reading, as for rows.
CREATE TABLE IF NOT EXISTS report_month_categories (
  household_id integer NOT NULL,
  month date NOT NULL,
  category_id integer NOT NULL,
  net bigint NOT NULL,
  lines integer NOT NULL,
  PRIMARY KEY (household_id, month, category_id)
);

-- The change of one statement: the old rows' counted lines taken away, the new ones added, summed
-- per key (groups that do not move, e.g. a status change, are skipped). Dynamic SQL, since an
-- INSERT's trigger has no old rows and a DELETE's no new ones.
CREATE OR REPLACE FUNCTION report_month_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  counted_old text := 'SELECT -1 AS sign, household_id, date, amount, category_id, splits FROM old_rows WHERE NOT deleted AND NOT is_budgeted AND NOT is_transfer';
  counted_new text := 'SELECT 1 AS sign, household_id, date, amount, category_id, splits FROM new_rows WHERE NOT deleted AND NOT is_budgeted AND NOT is_transfer';
  source text;
BEGIN
  source := CASE TG_OP WHEN 'INSERT' THEN counted_new WHEN 'DELETE' THEN counted_old
    ELSE counted_old || ' UNION ALL ' || counted_new END;
  EXECUTE format($sql$
    WITH d AS (%s)
    INSERT INTO report_month_categories AS s (household_id, month, category_id, net, lines)
    SELECT d.household_id, date_trunc('month', d.date)::date, coalesce(x.category_id, 0), sum(d.sign * x.amount), sum(d.sign)
    FROM d CROSS JOIN LATERAL (
      SELECT d.category_id, d.amount WHERE d.splits IS NULL
      UNION ALL
      SELECT l.category_id, l.amount FROM jsonb_to_recordset(d.splits) AS l(category_id integer, amount bigint)
      WHERE d.splits IS NOT NULL
    ) x
    GROUP BY 1, 2, 3
    HAVING sum(d.sign * x.amount) <> 0 OR sum(d.sign) <> 0
    ON CONFLICT (household_id, month, category_id)
      DO UPDATE SET net = s.net + excluded.net, lines = s.lines + excluded.lines
  $sql$, source);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION report_month_sums_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_month_categories;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS report_month_sums_insert ON ledger_rows;
DROP TRIGGER IF EXISTS report_month_sums_update ON ledger_rows;
DROP TRIGGER IF EXISTS report_month_sums_delete ON ledger_rows;
DROP TRIGGER IF EXISTS report_month_sums_truncate ON ledger_rows;
CREATE TRIGGER report_month_sums_insert AFTER INSERT ON ledger_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_sums_apply();
CREATE TRIGGER report_month_sums_update AFTER UPDATE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_sums_apply();
CREATE TRIGGER report_month_sums_delete AFTER DELETE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_sums_apply();
CREATE TRIGGER report_month_sums_truncate AFTER TRUNCATE ON ledger_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_month_sums_clear();

-- A mirror that already holds rows: its sums, from them.
TRUNCATE report_month_categories;
INSERT INTO report_month_categories (household_id, month, category_id, net, lines)
  SELECT household_id, date_trunc('month', date)::date, coalesce(category_id, 0), sum(amount), count(*)
  FROM ledger_lines WHERE counted GROUP BY 1, 2, 3;
