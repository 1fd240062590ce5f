-- @hf/messaging's tables: the outbox, the processed-events record and the consumer positions.
-- Written so that it also brings the tables that earlier versions created at start (without
-- these migrations) to this shape: every statement leaves what is already there alone.

CREATE TABLE IF NOT EXISTS outbox (
  sequence bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  source text NOT NULL,
  subject text NOT NULL,
  household_id int NOT NULL,
  time timestamptz NOT NULL DEFAULT now(),
  -- The event's data as JSON text, stored as written (text, not json or jsonb, and not
  -- compressed): only JSON.stringify writes it and the relay only hands it on, so json's
  -- validation and TOAST's compression of a large import's events would be work for nothing.
  data text NOT NULL,
  published_at timestamptz NULL
);
-- An outbox of an earlier version held json or jsonb (published rows are pruned, so it is small).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'outbox'::regclass AND attname = 'data'
      AND atttypid <> 'text'::regtype) THEN
    ALTER TABLE outbox ALTER COLUMN data TYPE text USING data::text;
  END IF;
END
$$;
-- Set here: CREATE TABLE takes a column's storage only from PostgreSQL 16 on.
ALTER TABLE outbox ALTER COLUMN data SET STORAGE EXTERNAL;
CREATE INDEX IF NOT EXISTS outbox_unpublished ON outbox (sequence) WHERE published_at IS NULL;

-- source, sequence, event_time: which producer event a row is, so that pruning can remember
-- what it deleted (consumer.ts, pruneProcessedEvents).
CREATE TABLE IF NOT EXISTS processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  source text NULL,
  sequence bigint NULL,
  event_time timestamptz NULL,
  PRIMARY KEY (consumer, event_id)
);
ALTER TABLE processed_events
  ADD COLUMN IF NOT EXISTS source text NULL,
  ADD COLUMN IF NOT EXISTS sequence bigint NULL,
  ADD COLUMN IF NOT EXISTS event_time timestamptz NULL;
CREATE INDEX IF NOT EXISTS processed_events_prunable ON processed_events (consumer, processed_at)
  WHERE sequence IS NOT NULL;

-- pruned_sequence, pruned_time: the highest producer sequence and event time among the
-- processed_events rows pruned for this consumer and producer (NULL: none yet).
CREATE TABLE IF NOT EXISTS consumer_positions (
  consumer text NOT NULL,
  source text NOT NULL,
  sequence bigint NOT NULL,
  pruned_sequence bigint NULL,
  pruned_time timestamptz NULL,
  PRIMARY KEY (consumer, source)
);
ALTER TABLE consumer_positions
  ADD COLUMN IF NOT EXISTS pruned_sequence bigint NULL,
  ADD COLUMN IF NOT EXISTS pruned_time timestamptz NULL;
