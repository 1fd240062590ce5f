-- What-if scenarios (docs/decisions/0123-what-if-scenarios.md): a named list of changes per
-- household, kept apart from the real items. `changes` is the checked list as svc-budget stores
-- it (amounts in cents); applying a scenario turns it into real items and deletes it.
CREATE TABLE scenarios (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  changes jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scenarios_household ON scenarios (household_id, id);
