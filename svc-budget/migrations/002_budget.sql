-- The Predictables, Everyday Envelopes and savings goals. Money in integer cents. Category ids
-- are the ledger's; a deleted or merged category is resolved through the ledger mirror when read.

CREATE TABLE scheduled_items (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('payment', 'deposit')),
  payee text NOT NULL,
  category_id integer NULL,
  day_of_month integer NOT NULL CHECK (day_of_month BETWEEN 1 AND 31),
  -- The other account of a scheduled transfer (the payee named it when the item was written).
  transfer_account_id integer NULL,
  -- False while the item's budgeted rows in the ledger may not match it (a sync failed or is running).
  synced boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scheduled_items_account ON scheduled_items (household_id, account_id);
CREATE INDEX scheduled_items_transfer ON scheduled_items (household_id, transfer_account_id) WHERE transfer_account_id IS NOT NULL;

-- One amount per item and month (`YYYY-MM-01`); a month without a row is 0.
CREATE TABLE scheduled_values (
  item_id integer NOT NULL REFERENCES scheduled_items (id) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (item_id, month)
);

CREATE TABLE envelopes (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  category_id integer NOT NULL,
  month text NOT NULL CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  amount bigint NOT NULL CHECK (amount >= 0),
  rollover_enabled boolean NOT NULL DEFAULT true,
  UNIQUE (account_id, category_id, month)
);
CREATE INDEX envelopes_household ON envelopes (household_id, account_id, month);

CREATE TABLE savings_goals (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  account_id integer NOT NULL,
  target bigint NOT NULL CHECK (target > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX savings_goals_household ON savings_goals (household_id);
