-- Change history (docs/decisions/0127-member-names-in-the-ledger.md): the household's recent
-- changes newest first, by person, and the names of the members who made them.

-- The activity page: a household's changes newest first (by id), with or without a person.
CREATE INDEX transaction_changes_household ON transaction_changes (household_id, id);
CREATE INDEX transaction_changes_household_user ON transaction_changes (household_id, user_id, id);
-- ... and of one kind (an import's 50,000 "imported" entries lie under every later change).
CREATE INDEX transaction_changes_household_action ON transaction_changes (household_id, action, id);

-- Recently deleted: an account's deleted rows, latest first.
CREATE INDEX transactions_deleted ON transactions (account_id, deleted_at) WHERE deleted_at IS NOT NULL;

-- The display name of each member who wrote to the ledger, as their access token last named
-- them (kept after a member leaves, so that old changes still say who made them).
CREATE TABLE member_names (
  household_id integer NOT NULL,
  user_id integer NOT NULL,
  name text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (household_id, user_id)
);
