-- The reports read model: svc-ledger's accounts, categories and rows as its events describe
-- them (money in cents), kept by the ledger consumer and rebuilt per household from the
-- ledger's replay. `sequence` is the ledger event sequence that last wrote a row: an event
-- never overwrites what a newer one wrote, so duplicated and re-ordered deliveries are harmless.

CREATE TABLE report_accounts (
  id integer PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  closed boolean NOT NULL DEFAULT false,
  sequence bigint NOT NULL
);
CREATE INDEX report_accounts_household ON report_accounts (household_id);

-- Deleted categories stay as tombstones: rows still pointing at one are uncategorised, or
-- belong to `merged_into` when the category was merged (followed until a live category).
CREATE TABLE report_categories (
  id integer PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  parent_id integer NULL,
  deleted boolean NOT NULL DEFAULT false,
  merged_into integer NULL,
  sequence bigint NOT NULL
);
CREATE INDEX report_categories_household ON report_categories (household_id);

-- Every row the ledger announced; `counted` = actual (not budgeted), not a transfer leg, not
-- deleted: the rows reports add up. Deleted rows stay as tombstones (counted = false).
CREATE TABLE report_rows (
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
  counted boolean NOT NULL,
  sequence bigint NOT NULL
);
-- Reports: a range of one household, index-only (amount, account and category ride along).
CREATE INDEX report_rows_range ON report_rows (household_id, date) INCLUDE (account_id, category_id, amount) WHERE counted;
CREATE INDEX report_rows_payee ON report_rows (household_id, payee, date) WHERE counted;
CREATE INDEX report_rows_category ON report_rows (household_id, category_id, date) WHERE counted;

-- Households whose state was rebuilt from the ledger's replay at `sequence` (events at or below
-- it are already in the state). `stale`: events may have been lost since; rebuild before reading.
-- A household with no row here has never been rebuilt: it is rebuilt on its first read.
CREATE TABLE report_households (
  household_id integer PRIMARY KEY,
  sequence bigint NOT NULL,
  stale boolean NOT NULL DEFAULT false,
  rebuilt_at timestamptz NOT NULL DEFAULT now()
);
