-- Running totals per payee (docs/decisions/0140-payee-running-totals.md): for each household and
-- payee (exact text), the net cents of its counted rows through the end of each month, from the
-- payee's first month on, in one array (`totals[1]` is `first_month`, months counted as
-- year * 12 + month - 1). The net of whole months m1..m2 is then the total at m2 less the total at
-- m1 - 1: two array reads per payee, whatever the range's length, where monthly sums per payee are
-- about as many as the rows. Past the array's last month the total is its last; before
-- `first_month`, 0. Kept by statement triggers on `ledger_rows` beside the monthly sums (006): one
-- array rewrite per payee a statement touches, in the same transaction as the mirror's write.
CREATE TABLE IF NOT EXISTS report_payee_totals (
  household_id integer NOT NULL,
  payee text NOT NULL,
  first_month integer NOT NULL,
  totals bigint[] NOT NULL,
  PRIMARY KEY (household_id, payee)
);

-- A payee's running totals with the nets of `months` (ascending, distinct) added from each month
-- on; `totals` null: a payee with none yet.
CREATE OR REPLACE FUNCTION report_running_totals_add(
  first_month integer, totals bigint[], months integer[], nets bigint[],
  OUT new_first integer, OUT new_totals bigint[]
) LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  old_len integer := coalesce(cardinality(totals), 0);
  n integer := cardinality(months);
  new_last integer;
  k integer := 1;
  running bigint := 0;
  base bigint;
BEGIN
  IF old_len = 0 THEN
    new_first := months[1];
    new_last := months[n];
  ELSE
    new_first := least(first_month, months[1]);
    new_last := greatest(first_month + old_len - 1, months[n]);
  END IF;
  new_totals := array_fill(0::bigint, ARRAY[new_last - new_first + 1]);
  FOR i IN new_first .. new_last LOOP
    WHILE k <= n AND months[k] <= i LOOP
      running := running + nets[k];
      k := k + 1;
    END LOOP;
    base := CASE WHEN old_len = 0 OR i < first_month THEN 0
      WHEN i >= first_month + old_len THEN totals[old_len]
      ELSE totals[i - first_month + 1] END;
    new_totals[i - new_first + 1] := base + running;
  END LOOP;
END
$fn$;

-- The running total at month index `m` (0 before the first month, the last one after the last).
CREATE OR REPLACE FUNCTION report_running_total_at(first_month integer, totals bigint[], m integer)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE WHEN m < first_month THEN 0::bigint
    WHEN m >= first_month + cardinality(totals) THEN totals[cardinality(totals)]
    ELSE totals[m - first_month + 1] END
$fn$;

-- Each statement's change per payee (old counted rows taken away, new ones added, per month), then
-- one payee at a time: its array rewritten through the primary key, or a new one. One payee at a
-- time keeps every plan an index lookup, whatever the planner knows of a fresh table.
CREATE OR REPLACE FUNCTION report_payee_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  counted_old text := 'SELECT household_id, payee, date, -amount AS net FROM old_rows WHERE NOT deleted AND NOT is_budgeted AND NOT is_transfer';
  counted_new text := 'SELECT household_id, payee, date, amount AS net FROM new_rows WHERE NOT deleted AND NOT is_budgeted AND NOT is_transfer';
  source text;
  emptied integer[] := '{}';
  change record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- A household left with no rows (a rebuild's delete) loses its totals at once, instead of
    -- every payee's array being rewritten to zeros.
    SELECT coalesce(array_agg(h.household_id), '{}') INTO emptied
    FROM (SELECT DISTINCT household_id FROM old_rows) h
    WHERE NOT EXISTS (SELECT 1 FROM ledger_rows r WHERE r.household_id = h.household_id);
    DELETE FROM report_payee_totals WHERE household_id = ANY (emptied);
  END IF;
  source := CASE TG_OP WHEN 'INSERT' THEN counted_new WHEN 'DELETE' THEN counted_old
    ELSE counted_old || ' UNION ALL ' || counted_new END;
  FOR change IN EXECUTE format($sql$
    WITH d AS (%s),
    m AS (
      SELECT household_id, payee, (extract(year FROM date) * 12 + extract(month FROM date) - 1)::int AS month, sum(net)::bigint AS net
      FROM d WHERE NOT (household_id = ANY ($1)) GROUP BY 1, 2, 3 HAVING sum(net) <> 0
    )
    SELECT household_id, payee, array_agg(month ORDER BY month) AS months, array_agg(net ORDER BY month) AS nets
    FROM m GROUP BY 1, 2
  $sql$, source) USING emptied LOOP
    UPDATE report_payee_totals t SET (first_month, totals) = (
      SELECT r.new_first, r.new_totals FROM report_running_totals_add(t.first_month, t.totals, change.months, change.nets) r
    )
    WHERE t.household_id = change.household_id AND t.payee = change.payee;
    IF NOT FOUND THEN
      INSERT INTO report_payee_totals (household_id, payee, first_month, totals)
      SELECT change.household_id, change.payee, r.new_first, r.new_totals
      FROM report_running_totals_add(NULL, NULL, change.months, change.nets) r;
    END IF;
  END LOOP;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION report_payee_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_payee_totals;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS report_payee_totals_insert ON ledger_rows;
DROP TRIGGER IF EXISTS report_payee_totals_update ON ledger_rows;
DROP TRIGGER IF EXISTS report_payee_totals_delete ON ledger_rows;
DROP TRIGGER IF EXISTS report_payee_totals_truncate ON ledger_rows;
CREATE TRIGGER report_payee_totals_insert AFTER INSERT ON ledger_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_payee_totals_apply();
CREATE TRIGGER report_payee_totals_update AFTER UPDATE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_payee_totals_apply();
CREATE TRIGGER report_payee_totals_delete AFTER DELETE ON ledger_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_payee_totals_apply();
CREATE TRIGGER report_payee_totals_truncate AFTER TRUNCATE ON ledger_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_payee_totals_clear();

-- A mirror that already holds rows: its totals, from them.
TRUNCATE report_payee_totals;
WITH m AS (
  SELECT household_id, payee, (extract(year FROM date) * 12 + extract(month FROM date) - 1)::int AS month, sum(amount)::bigint AS net
  FROM ledger_rows WHERE counted GROUP BY 1, 2, 3
)
INSERT INTO report_payee_totals (household_id, payee, first_month, totals)
SELECT household_id, payee, r.new_first, r.new_totals
FROM (
  SELECT household_id, payee, array_agg(month ORDER BY month) AS months, array_agg(net ORDER BY month) AS nets
  FROM m GROUP BY 1, 2
) p CROSS JOIN LATERAL report_running_totals_add(NULL, NULL, p.months, p.nets) r;
