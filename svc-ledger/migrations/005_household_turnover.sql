-- Balances stay exact (docs/decisions/0117-balances-within-exact-range.md): every balance,
-- running balance, projection and report total of a household is a signed sum of some of its
-- live rows and starting balances, so it is never larger than their sum without signs, the
-- household's turnover. A write that would raise the turnover above 999,999,999,999,999 cents
-- (15 digits: written as dollars, a JSON number still shows every cent) is refused; one that lowers
-- it (a delete) always passes. Statement-level triggers keep the sum, so a 200,000-row import
-- updates it once.
CREATE TABLE household_turnover (
  household_id integer PRIMARY KEY,
  cents numeric NOT NULL
);

INSERT INTO household_turnover (household_id, cents)
SELECT household_id, sum(cents) FROM (
  SELECT household_id, abs(starting_balance)::numeric AS cents FROM accounts WHERE deleted_at IS NULL
  UNION ALL
  SELECT household_id, abs(amount)::numeric FROM transactions WHERE deleted_at IS NULL
) live
GROUP BY household_id;

-- Adds each (household, cents) change; raises check_violation (constraint household_turnover_limit)
-- when a household that grew ends above the limit.
CREATE FUNCTION ledger_turnover_change(households integer[], cents numeric[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  beyond integer;
BEGIN
  WITH delta AS (
    SELECT h AS household_id, sum(c) AS c FROM unnest(households, cents) AS u(h, c) GROUP BY h HAVING sum(c) <> 0
  ), applied AS (
    INSERT INTO household_turnover AS t (household_id, cents)
    SELECT household_id, c FROM delta ORDER BY household_id
    ON CONFLICT (household_id) DO UPDATE SET cents = t.cents + excluded.cents
    RETURNING t.household_id, t.cents
  )
  SELECT a.household_id INTO beyond
  FROM applied a JOIN delta d USING (household_id)
  WHERE d.c > 0 AND a.cents > 999999999999999
  LIMIT 1;
  IF beyond IS NOT NULL THEN
    RAISE EXCEPTION 'household % beyond the exact balance range', beyond
      USING ERRCODE = 'check_violation', CONSTRAINT = 'household_turnover_limit';
  END IF;
END
$$;

-- Summed per household in bigint first (a statement's rows stay far below its range), then
-- handed on as one value per household.
CREATE FUNCTION transactions_turnover() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_turnover_change(array_agg(household_id), array_agg(c)) FROM (
      SELECT household_id, sum(abs(amount))::numeric AS c FROM new_rows WHERE deleted_at IS NULL GROUP BY household_id
    ) added;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ledger_turnover_change(array_agg(household_id), array_agg(c)) FROM (
      SELECT household_id, sum(abs(amount))::numeric AS c FROM new_rows WHERE deleted_at IS NULL GROUP BY household_id
      UNION ALL
      SELECT household_id, -sum(abs(amount))::numeric FROM old_rows WHERE deleted_at IS NULL GROUP BY household_id
    ) changed;
  ELSE
    PERFORM ledger_turnover_change(array_agg(household_id), array_agg(c)) FROM (
      SELECT household_id, -sum(abs(amount))::numeric AS c FROM old_rows WHERE deleted_at IS NULL GROUP BY household_id
    ) removed;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER transactions_turnover_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_turnover();
CREATE TRIGGER transactions_turnover_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_turnover();
CREATE TRIGGER transactions_turnover_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_turnover();

CREATE FUNCTION accounts_turnover() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_turnover_change(array_agg(household_id), array_agg(abs(starting_balance)::numeric))
    FROM new_rows WHERE deleted_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ledger_turnover_change(array_agg(household_id), array_agg(c)) FROM (
      SELECT household_id, abs(starting_balance)::numeric AS c FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT household_id, -abs(starting_balance)::numeric FROM old_rows WHERE deleted_at IS NULL
    ) changed;
  ELSE
    PERFORM ledger_turnover_change(array_agg(household_id), array_agg(-abs(starting_balance)::numeric))
    FROM old_rows WHERE deleted_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER accounts_turnover_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_turnover();
CREATE TRIGGER accounts_turnover_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_turnover();
CREATE TRIGGER accounts_turnover_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_turnover();

-- Large imports insert with session_replication_role = replica (src/repositories/references.ts),
-- which skips ordinary triggers: these must run for every write.
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_turnover_insert;
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_turnover_update;
ALTER TABLE transactions ENABLE ALWAYS TRIGGER transactions_turnover_delete;
ALTER TABLE accounts ENABLE ALWAYS TRIGGER accounts_turnover_insert;
ALTER TABLE accounts ENABLE ALWAYS TRIGGER accounts_turnover_update;
ALTER TABLE accounts ENABLE ALWAYS TRIGGER accounts_turnover_delete;
