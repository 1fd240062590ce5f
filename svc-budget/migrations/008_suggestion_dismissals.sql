-- Recurring detection (docs/rules/recurring-detection.md): the suggestions a person dismissed,
-- per account, by the suggestion's key (`payment:` or `deposit:` and the normalised payee). A
-- dismissed key is never proposed again; a closed account takes its dismissals with it.
CREATE TABLE suggestion_dismissals (
  household_id integer NOT NULL,
  account_id integer NOT NULL,
  suggestion_key text NOT NULL,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, suggestion_key)
);
CREATE INDEX suggestion_dismissals_household ON suggestion_dismissals (household_id);
