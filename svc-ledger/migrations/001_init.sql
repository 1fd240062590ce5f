-- svc-ledger owns this database: accounts, transactions (with transfer legs and budgeted rows),
-- categories, the change history and the idempotency record of bulk imports.
-- Money is bigint cents; dates are `date`; every row carries its household id.

CREATE TABLE accounts (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  starting_balance bigint NOT NULL DEFAULT 0,
  is_default boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Deleting an account is recorded (soft), so an admin can undo it later.
  deleted_at timestamptz NULL,
  deleted_by integer NULL
);
-- Names are unique per household, case-insensitively: a payee equal to an account's name means
-- a transfer, so two accounts with one name would be ambiguous.
CREATE UNIQUE INDEX accounts_household_name ON accounts (household_id, lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX accounts_household_order ON accounts (household_id, sort_order, id) WHERE deleted_at IS NULL;

CREATE TABLE categories (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  parent_id integer NULL REFERENCES categories (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Sibling names are unique, case-insensitively (top level counts as parent 0).
CREATE UNIQUE INDEX categories_sibling_name ON categories (household_id, coalesce(parent_id, 0), lower(name));
CREATE INDEX categories_parent ON categories (parent_id) WHERE parent_id IS NOT NULL;

CREATE SEQUENCE transfer_ids AS integer;

CREATE TABLE transactions (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  account_id integer NOT NULL REFERENCES accounts (id),
  date date NOT NULL,
  payee text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL DEFAULT '' CHECK (status IN ('', 'p', 'x')),
  notes text NOT NULL DEFAULT '',
  category_id integer NULL REFERENCES categories (id) ON DELETE SET NULL,
  is_budgeted boolean NOT NULL DEFAULT false,
  -- The Predictables item and month (YYYY-MM) a budgeted row was generated for; kept after the
  -- row became actual so that the month is not generated again.
  schedule_id integer NULL,
  schedule_month text NULL,
  -- Transfer legs: both share transfer_id and point at each other.
  transfer_id integer NULL,
  transfer_account_id integer NULL,
  transfer_transaction_id integer NULL,
  deleted_at timestamptz NULL,
  -- user | account_closed
  deleted_reason text NULL,
  created_by integer NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The register: rows of one account in (date, created_at, id) order; amount and status are
-- included so balances (SUM up to a cursor) are index-only scans.
CREATE INDEX transactions_register ON transactions (account_id, date, created_at, id) INCLUDE (amount, status) WHERE deleted_at IS NULL;
-- Household-wide reads (payees) and account deletion (every row, deleted ones too).
CREATE INDEX transactions_household ON transactions (household_id, account_id);
CREATE INDEX transactions_category ON transactions (category_id) WHERE category_id IS NOT NULL;
CREATE INDEX transactions_transfer ON transactions (transfer_id) WHERE transfer_id IS NOT NULL;
CREATE INDEX transactions_schedule ON transactions (household_id, schedule_id, schedule_month) WHERE schedule_id IS NOT NULL;

-- Every edit, status change, move, delete and restore: who, when, old and new values (API form).
CREATE TABLE transaction_changes (
  id bigserial PRIMARY KEY,
  household_id integer NOT NULL,
  transaction_id integer NOT NULL,
  action text NOT NULL,
  user_id integer NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  old_values jsonb NOT NULL DEFAULT '{}'::jsonb,
  new_values jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX transaction_changes_transaction ON transaction_changes (transaction_id, id);

-- Bulk creates (imports): a repeated key answers the stored first result.
CREATE TABLE idempotency_keys (
  household_id integer NOT NULL,
  key text NOT NULL,
  response jsonb NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (household_id, key)
);
