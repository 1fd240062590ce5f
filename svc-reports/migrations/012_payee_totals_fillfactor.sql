-- Room on every page of the payees' running totals for the next version of its rows: a statement
-- rewrites the array of each payee it touches, and with free space on the row's own page the new
-- version is heap-only and the old one is pruned there, so the table stays near its live size.
-- Without it, 100,000 rows seeded in a dozen statements left 2,003 payees in 20 MB (2,570 pages
-- for ~140 pages of live rows), all read by the payee report's scan.
ALTER TABLE report_payee_totals SET (fillfactor = 50);
-- Rewritten once, compact, with the new fillfactor (CLUSTER, unlike VACUUM FULL, runs in the
-- migration's transaction).
CLUSTER report_payee_totals USING report_payee_totals_pkey;
