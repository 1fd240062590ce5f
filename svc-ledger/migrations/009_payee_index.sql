-- Payees (routes/payees.ts): a payee's actual rows by name, case-insensitively, newest last. Serves
-- the category suggestion (lower(payee) = ..., last 12 months) and the rename (lower(payee) and
-- then the exact name) without reading the household's other rows.
CREATE INDEX transactions_payee ON transactions (household_id, lower(payee), date)
  WHERE deleted_at IS NULL AND NOT is_budgeted AND transfer_id IS NULL;
