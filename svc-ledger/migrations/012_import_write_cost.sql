-- Bulk imports write 10,000-50,000 rows in one statement (docs/decisions/0138-import-write-cost.md).
-- Two choices of this release's earlier migrations made every such INSERT cost about twice as much:
-- - 011's fillfactor 50 spread new rows over twice the pages. Back to full pages: a statement
--   reconciliation's marks are then ordinary updates again (still no index on reconciliation_id).
-- - 009's expression index (household_id, lower(payee), date): one more text key per row. The
--   payee routes (suggestion, rename, usage) read the household's rows through
--   transactions_household instead; they are occasional, the import is not.
DROP INDEX IF EXISTS transactions_payee;
ALTER TABLE transactions SET (fillfactor = 100);
