-- Named column mappings, per household; a name (compared case-insensitively) is saved once.
CREATE TABLE saved_mappings (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  mapping_name text NOT NULL,
  name_key text NOT NULL,
  headers text[] NOT NULL,
  mapping_config jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (household_id, name_key)
);

-- What svc-import imported or reconciled, per account: the file row's key (the bank's FITID, or
-- date|amount|payee for a file without ids) -> the register row it became. A re-import of an
-- overlapping statement finds these rows first.
CREATE TABLE import_keys (
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  key text NOT NULL,
  transaction_id integer NOT NULL,
  PRIMARY KEY (household_id, account_id, key, transaction_id)
);

-- The matched pairs of the last reconciliations, until update_matched clears them (then their
-- keys move to import_keys). Rows older than a week are dropped.
CREATE TABLE pending_matches (
  household_id integer NOT NULL,
  transaction_id integer NOT NULL,
  account_id integer NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (household_id, transaction_id)
);
