-- Schedules of any frequency (docs/rules/predictables.md "Frequencies"). Every existing item is
-- monthly on its day, with no start or end and weekends kept: its occurrences do not change.
-- `day_of_month` -1 is the month's last day; for the frequencies that do not use it, it holds
-- the start date's day. `repeat_interval` is the API's `interval`. Which fields a frequency needs is
-- checked by the service.
ALTER TABLE scheduled_items
  ADD COLUMN frequency text NOT NULL DEFAULT 'monthly'
    CHECK (frequency IN ('monthly', 'weekly', 'every_n_weeks', 'semi_monthly', 'every_n_months', 'yearly', 'once')),
  ADD COLUMN repeat_interval integer NULL CHECK (repeat_interval BETWEEN 2 AND 52),
  ADD COLUMN days_of_month integer[] NULL CHECK (cardinality(days_of_month) = 2),
  ADD COLUMN start_date date NULL,
  ADD COLUMN end_date date NULL CHECK (end_date >= start_date),
  ADD COLUMN weekend text NOT NULL DEFAULT 'keep' CHECK (weekend IN ('keep', 'before', 'after'));

ALTER TABLE scheduled_items DROP CONSTRAINT scheduled_items_day_of_month_check;
ALTER TABLE scheduled_items ADD CONSTRAINT scheduled_items_day_of_month_check
  CHECK (day_of_month = -1 OR day_of_month BETWEEN 1 AND 31);
