-- The first read model's tables (migrations 002 and 003, since removed) moved to the shared
-- ledger mirror (@hf/ledger-mirror: ledger_accounts, ledger_categories, ledger_rows,
-- ledger_households, in that package's own migrations). A database that had them drops them
-- here; every household is rebuilt from svc-ledger's replay on its next report.
DROP TABLE IF EXISTS report_rows;
DROP TABLE IF EXISTS report_categories;
DROP TABLE IF EXISTS report_accounts;
DROP TABLE IF EXISTS report_households;
