-- Split transactions (domain.md "Split transactions", docs/decisions/0134-split-lines.md): a split
-- row's lines, in order (`position` from 1). The row itself then has no category (category_id
-- null); its lines sum exactly to its amount and none is zero (checked by src/domain/splits.ts
-- before every write). A row's lines go with it when it is removed for good; a soft-deleted row
-- keeps them (a restore brings them back). A deleted category's lines become uncategorised.
CREATE TABLE transaction_splits (
  transaction_id integer NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 100),
  household_id integer NOT NULL,
  category_id integer NULL REFERENCES categories (id) ON DELETE SET NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  notes text NOT NULL DEFAULT '',
  PRIMARY KEY (transaction_id, position)
);
-- Category rename / delete / merge find the lines of a category without reading the others.
CREATE INDEX transaction_splits_category ON transaction_splits (category_id) WHERE category_id IS NOT NULL;
