-- The register model (src/held-registers/register-cache.ts) is brought up to date by applying only the rows a
-- write changed. Every register-version bump (runWrite -> bumpRegisterVersions) records the
-- version it left, the version it made and the ids of the rows it changed in that account
-- (NULL: anything may have changed - a rename, a category merge, a big bulk write - and the
-- register is rebuilt whole). A cached model at version V applies the changes only when they
-- chain exactly from V to the current version; a gap (pruned entries) means a full rebuild.
-- Entries older than a day are pruned by the writes themselves.
CREATE TABLE register_changes (
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  prev_version bigint NOT NULL,
  row_ids integer[] NULL,
  PRIMARY KEY (account_id, version)
);
