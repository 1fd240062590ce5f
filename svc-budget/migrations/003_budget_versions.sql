-- A counter per household, raised after every write of svc-budget's own tables (items, amounts,
-- envelopes, goals, a closed account's clean-up): with the ledger mirror's position it tells
-- whether a computed projection is still the current one, in every process.
CREATE TABLE budget_versions (
  household_id integer PRIMARY KEY,
  version bigint NOT NULL
);
