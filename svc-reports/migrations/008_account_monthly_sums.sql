-- Monthly sums per account (docs/decisions/0147-monthly-sums-per-account.md): net cents and the
-- number of counted lines per (household, account, month, category), so a report of chosen
-- accounts (by category, income, the monthly trend) reads whole months from here as a report of
-- every account does from `report_month_categories` (migration 006), and only the partial months
-- at the ends of its range from the rows. Kept as 006's are, by the same statement triggers'
-- function (given the argument 'per_account') on the ledger mirror's `ledger_rows`, in the same
-- transaction as every mirror write (the consumer, a rebuild's differences, a move between
-- accounts, a payee rename, a delete): the old rows' counted lines taken away and the new ones
-- added, split rows' lines each under its own category (category 0: none). Groups are kept at
-- zero lines; reads skip them.
CREATE TABLE IF NOT EXISTS report_month_account_categories (
  household_id integer NOT NULL,
  month date NOT NULL,
  account_id integer NOT NULL,
  category_id integer NOT NULL,
  net bigint NOT NULL,
  lines integer NOT NULL,
  PRIMARY KEY (household_id, account_id, month, category_id)
);

-- 006's trigger function, now for both tables: with the argument 'per_account' it keeps this
-- table (the account in the key), without it 006's `report_month_categories` as before.
CREATE OR REPLACE FUNCTION report_month_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  per_account boolean := TG_NARGS > 0 AND TG_ARGV[0] = 'per_account';
  counted_old text := 'SELECT -1 AS sign, household_id, date, account_id, amount, category_id, splits FROM old_rows WHERE NOT deleted AND NOT is_budgeted AND NOT is_transfer';
  counted_new text := 'SELECT 1 AS sign, household_id, date, account_id, amount, category_id, splits FROM new_rows WHERE NOT deleted AND NOT is_budgeted AND NOT is_transfer';
  source text;
BEGIN
  source := CASE TG_OP WHEN 'INSERT' THEN counted_new WHEN 'DELETE' THEN counted_old
    ELSE counted_old || ' UNION ALL ' || counted_new END;
  EXECUTE format($sql$
    WITH d AS (%1$s)
    INSERT INTO %2$I AS s (household_id, %3$s month, category_id, net, lines)
    SELECT d.household_id, %4$s date_trunc('month', d.date)::date, coalesce(x.category_id, 0), sum(d.sign * x.amount), sum(d.sign)
    FROM d CROSS JOIN LATERAL (
      SELECT d.category_id, d.amount WHERE d.splits IS NULL
      UNION ALL
      SELECT l.category_id, l.amount FROM jsonb_to_recordset(d.splits) AS l(category_id integer, amount bigint)
      WHERE d.splits IS NOT NULL
    ) x
    GROUP BY %5$s
    HAVING sum(d.sign * x.amount) <> 0 OR sum(d.sign) <> 0
    ON CONFLICT (household_id, %3$s month, category_id)
      DO UPDATE SET net = s.net + excluded.net, lines = s.lines + excluded.lines
  $sql$, source,
    CASE WHEN per_account THEN 'report_month_account_categories' ELSE 'report_month_categories' END,
    CASE WHEN per_account THEN 'account_id,' ELSE '' END,
    CASE WHEN per_account THEN 'd.account_id,' ELSE '' END,
    CASE WHEN per_account THEN '1, 2, 3, 4' ELSE '1, 2, 3' END);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION report_month_account_sums_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_month_account_categories;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS report_month_account_sums_insert ON ledger_rows;
DROP TRIGGER IF EXISTS report_month_account_sums_update ON ledger_rows;
DROP TRIGGER IF EXISTS report_month_account_sums_delete ON ledger_rows;
DROP TRIGGER IF EXISTS report_month_account_sums_truncate ON ledger_rows;
CREATE TRIGGER report_month_account_sums_insert AFTER INSERT ON ledger_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_sums_apply('per_account');
CREATE TRIGGER report_month_account_sums_update AFTER UPDATE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_sums_apply('per_account');
CREATE TRIGGER report_month_account_sums_delete AFTER DELETE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_sums_apply('per_account');
CREATE TRIGGER report_month_account_sums_truncate AFTER TRUNCATE ON ledger_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_month_account_sums_clear();

-- A mirror that already holds rows: its sums, from them.
TRUNCATE report_month_account_categories;
INSERT INTO report_month_account_categories (household_id, month, account_id, category_id, net, lines)
  SELECT household_id, date_trunc('month', date)::date, account_id, coalesce(category_id, 0), sum(amount), count(*)
  FROM ledger_lines WHERE counted GROUP BY 1, 2, 3, 4;
