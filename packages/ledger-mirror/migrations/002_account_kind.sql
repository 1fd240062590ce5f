-- Each account's kind, credit limit and low-balance threshold (cents), for the dashboard's owed
-- balances and warnings. Accounts mirrored before kinds existed are checking, as in the ledger;
-- events written before then (opened.v1, renamed.v1) leave these columns as they are.
ALTER TABLE ledger_accounts ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'checking';
ALTER TABLE ledger_accounts ADD COLUMN IF NOT EXISTS credit_limit bigint NULL;
ALTER TABLE ledger_accounts ADD COLUMN IF NOT EXISTS low_balance_threshold bigint NULL;
