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

-- The bank's transaction ids (OFX/QFX FITID) of rows svc-import created, per account: a re-import
-- of an overlapping statement finds them first.
CREATE TABLE bank_ids (
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  fitid text NOT NULL,
  transaction_id integer NOT NULL,
  PRIMARY KEY (household_id, account_id, fitid)
);
