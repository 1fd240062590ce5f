-- Rules (docs/rules/rules.md, decision 0129): ordered conditions and actions that fill in a row's
-- category, payee and notes. Conditions and actions are JSON as the domain module reads them,
-- amounts in cents. `position` is 1, 2, ... per household (set by create and reorder).
CREATE TABLE rules (
  id serial PRIMARY KEY,
  household_id integer NOT NULL,
  name text NOT NULL,
  position integer NOT NULL,
  conditions jsonb NOT NULL,
  actions jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rules_household_position ON rules (household_id, position, id);
