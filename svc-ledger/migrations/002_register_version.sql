-- The register cache (src/held-registers/register-cache.ts): every write that changes what an account's register
-- shows (its rows, their balances, category paths, account names) bumps `register_version` of
-- that account in the same database transaction, so a cached full register is current exactly
-- when its version equals the stored one. Versions are microsecond timestamps that only grow
-- (`greatest(version + 1, now µs)`), so a restored or re-created database never hands out a
-- version (and ETag) an earlier copy already used for other content.
ALTER TABLE accounts ADD COLUMN register_version bigint NOT NULL DEFAULT (extract(epoch FROM now()) * 1000000)::bigint;
