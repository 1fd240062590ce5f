-- The items whose budgeted rows did not reach the ledger, found by the retry worker's pass.
CREATE INDEX scheduled_items_unsynced ON scheduled_items (household_id, id) WHERE NOT synced;
