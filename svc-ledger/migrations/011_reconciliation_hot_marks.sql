-- Statement reconciliation's finish marks ~10,000 rows in one UPDATE (reconciliation_id and
-- updated_at), and its undo clears them (docs/decisions/0125-statement-reconciliation.md). With
-- reconciliation_id in an index, and full pages, every marked row was a new row version in each
-- of the table's nine indexes (~0.9 s per 9,000 rows on a loaded machine). Without that index
-- and with room on each page, the marks are heap-only (HOT) updates: no index entry at all.
-- - The undo finds its rows among the household's (index transactions_household) instead.
-- - Pages are filled to half: a finish marks nearly every row of the pages of its dates, and a
--   heap-only update needs room for the new version on the same page (the old one is pruned
--   afterwards). The table grows to about twice its pages (sums stay index-only scans of
--   transactions_register). Applies to pages written from now on.
DROP INDEX IF EXISTS transactions_reconciliation;
ALTER TABLE transactions SET (fillfactor = 50);
