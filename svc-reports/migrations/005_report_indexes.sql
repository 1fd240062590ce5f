-- The reports' own indexes on the ledger mirror (@hf/ledger-mirror's migrations, applied before
-- these): a range of one household index-only (account, category, amount and payee ride along),
-- the payee drill-down, the category drill-down. A database that has them (made at start by
-- earlier versions) keeps them.
CREATE INDEX IF NOT EXISTS reports_range ON ledger_rows (household_id, date) INCLUDE (account_id, category_id, amount, payee) WHERE counted;
CREATE INDEX IF NOT EXISTS reports_payee ON ledger_rows (household_id, payee, date) WHERE counted;
CREATE INDEX IF NOT EXISTS reports_category ON ledger_rows (household_id, category_id, date) WHERE counted;
