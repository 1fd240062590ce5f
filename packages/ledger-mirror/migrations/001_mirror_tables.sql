-- @hf/ledger-mirror's tables, in the database of the service that keeps the mirror. `sequence`
-- is the ledger event sequence that last wrote a row: an event never overwrites what a newer one
-- wrote. Deleted rows and categories stay as tombstones. `counted` = actual, not a transfer leg,
-- not deleted: the rows that reports and envelope spending add up.
-- Written so that it also brings the tables that earlier versions created at start (without
-- these migrations) to this shape: every statement leaves what is already there alone.
CREATE TABLE IF NOT EXISTS ledger_accounts (
  id integer PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  starting_balance bigint NOT NULL,
  closed boolean NOT NULL DEFAULT false,
  sequence bigint NOT NULL
);
-- The household's order of accounts; mirrors made before it have 0 (id order) until rebuilt.
ALTER TABLE ledger_accounts ADD COLUMN IF NOT EXISTS sort_order integer NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS ledger_accounts_household ON ledger_accounts (household_id);
CREATE TABLE IF NOT EXISTS ledger_categories (
  id integer PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  parent_id integer NULL,
  deleted boolean NOT NULL DEFAULT false,
  merged_into integer NULL,
  sequence bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_categories_household ON ledger_categories (household_id);
CREATE TABLE IF NOT EXISTS ledger_rows (
  id integer PRIMARY KEY,
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  date date NOT NULL,
  payee text NOT NULL,
  amount bigint NOT NULL,
  category_id integer NULL,
  status text NOT NULL,
  notes text NOT NULL,
  updated_at text NOT NULL,
  is_budgeted boolean NOT NULL,
  is_transfer boolean NOT NULL,
  deleted boolean NOT NULL,
  counted boolean GENERATED ALWAYS AS (NOT deleted AND NOT is_budgeted AND NOT is_transfer) STORED,
  sequence bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_rows_account ON ledger_rows (account_id, date) INCLUDE (amount, status, is_budgeted, category_id) WHERE NOT deleted;
CREATE TABLE IF NOT EXISTS ledger_households (
  household_id integer PRIMARY KEY,
  sequence bigint NOT NULL,
  stale boolean NOT NULL DEFAULT false,
  rebuilt_at timestamptz NOT NULL DEFAULT now()
);
-- lockHouseholdSync: the household's lock, then its rebuild mark read after the lock is held (a
-- VOLATILE function's statements each take a new snapshot), in one round trip.
CREATE OR REPLACE FUNCTION ledger_lock_household(lock_key integer, household integer)
RETURNS TABLE (sequence bigint, stale boolean) LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key, household);
  RETURN QUERY SELECT h.sequence, h.stale FROM ledger_households h WHERE h.household_id = household;
END
$fn$;
