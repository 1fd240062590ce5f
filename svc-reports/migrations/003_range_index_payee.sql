-- The payee report groups by payee over a date range: carry the payee in the range index too, so
-- every report is an index-only scan (the payee index stays for the payee drill-down).
DROP INDEX report_rows_range;
CREATE INDEX report_rows_range ON report_rows (household_id, date) INCLUDE (account_id, category_id, amount, payee) WHERE counted;
