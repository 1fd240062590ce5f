-- The budget's own index on the ledger mirror (@hf/ledger-mirror's migrations, applied before
-- these): an account's counted rows by date, category and amount riding along. A database that
-- has it (made at start by earlier versions) keeps it.
CREATE INDEX IF NOT EXISTS budget_spent ON ledger_rows (account_id, date) INCLUDE (category_id, amount) WHERE counted;
