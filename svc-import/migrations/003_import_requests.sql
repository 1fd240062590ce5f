-- What an import_new request sent under an Idempotency-Key, as a digest of its checked rows: the
-- same key again with other rows is refused (409) instead of answered as if they had been
-- imported. Kept as long as the ledger keeps the key (docs/rules/import.md).
CREATE TABLE import_requests (
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  key text NOT NULL,
  digest text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (household_id, account_id, key)
);
