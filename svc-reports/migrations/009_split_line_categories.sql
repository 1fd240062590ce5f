-- The category drill-down's split lines through an index (docs/decisions/0148-drill-down-split-lines-by-category.md):
-- a split row's line categories as an array, and a GIN index of it over the counted split rows,
-- so the rows with a line in the chosen categories are found by category (then their range
-- checked) instead of every split row of the range being read and its lines expanded to find
-- the few that match. Category ids are unique across households, so no household key is needed.
CREATE OR REPLACE FUNCTION report_split_categories(splits jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT array_agg((line->>'category_id')::integer) FROM jsonb_array_elements(splits) AS line
$fn$;
CREATE INDEX IF NOT EXISTS reports_split_category ON ledger_rows USING gin (report_split_categories(splits))
  WHERE splits IS NOT NULL AND counted;
