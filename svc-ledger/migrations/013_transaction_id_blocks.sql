-- Transaction ids are reserved as one block per write (docs/decisions/0149-import-speed-round-four.md):
-- `allocate_transaction_ids(n)` answers the first of n consecutive new ids, one nextval and one
-- setval instead of n nextval calls (a 50,000-row import spent ~10% of its INSERT's time on them).
-- Every allocation, the column default included, goes through it under one advisory lock held
-- only for those two calls (session level, released before it returns, also when the statement is
-- cancelled or fails), so no other allocation can take an id inside a block being reserved. Ids
-- still follow the order of allocation across connections.
CREATE FUNCTION allocate_transaction_ids(n integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  first integer;
BEGIN
  IF n < 1 THEN
    RAISE EXCEPTION 'allocate_transaction_ids: n must be at least 1, not %', n;
  END IF;
  -- This function's own lock key: no other advisory lock uses it.
  PERFORM pg_advisory_lock(1953001828);
  BEGIN
    first := nextval('transactions_id_seq');
    IF n > 1 THEN
      PERFORM setval('transactions_id_seq', first + n - 1);
    END IF;
  EXCEPTION WHEN OTHERS OR query_canceled THEN
    PERFORM pg_advisory_unlock(1953001828);
    RAISE;
  END;
  PERFORM pg_advisory_unlock(1953001828);
  RETURN first;
END
$$;

ALTER TABLE transactions ALTER COLUMN id SET DEFAULT allocate_transaction_ids(1);
