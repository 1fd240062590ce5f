-- An account's kind (docs/rules/ledger.md, "Accounts"). Every account made before kinds existed
-- becomes checking: the kind is never guessed from a name. A credit limit belongs to credit cards
-- and a low-balance threshold to asset accounts only; both in cents, NULL when not set.
ALTER TABLE accounts
  ADD COLUMN kind text NOT NULL DEFAULT 'checking'
    CHECK (kind IN ('checking', 'savings', 'cash', 'credit_card', 'loan', 'investment')),
  ADD COLUMN credit_limit bigint NULL CHECK (credit_limit >= 0),
  ADD COLUMN low_balance_threshold bigint NULL,
  ADD CONSTRAINT accounts_limit_of_card CHECK (credit_limit IS NULL OR kind = 'credit_card'),
  ADD CONSTRAINT accounts_threshold_of_asset CHECK (low_balance_threshold IS NULL OR kind NOT IN ('credit_card', 'loan'));
