-- Statement reconciliation (docs/decisions/0125-statement-reconciliation.md). An account has at
-- most one open reconciliation; finishing one marks every cleared row dated on or before its
-- statement date (and not reconciled yet) with its id. Undoing the latest finished one clears the
-- mark of its rows and deletes its adjustment row; the reconciliation itself is kept, undone.
-- Money in cents; the statement date is a calendar date.
CREATE TABLE reconciliations (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  account_id integer NOT NULL REFERENCES accounts (id),
  statement_date date NOT NULL,
  statement_balance bigint NOT NULL,
  -- The "Reconciliation adjustment" row its finish added, if any.
  adjustment_transaction_id integer NULL,
  reconciled_count integer NOT NULL DEFAULT 0,
  opened_by integer NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  finished_by integer NULL,
  finished_at timestamptz NULL,
  undone_by integer NULL,
  undone_at timestamptz NULL
);
CREATE UNIQUE INDEX reconciliations_one_open ON reconciliations (account_id) WHERE finished_at IS NULL AND undone_at IS NULL;
CREATE INDEX reconciliations_account ON reconciliations (account_id, id);

-- The finished reconciliation a row belongs to; NULL: not reconciled.
ALTER TABLE transactions ADD COLUMN reconciliation_id integer NULL;
CREATE INDEX transactions_reconciliation ON transactions (reconciliation_id) WHERE reconciliation_id IS NOT NULL;
