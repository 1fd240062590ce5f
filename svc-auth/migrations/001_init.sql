-- svc-auth owns this database: households, users, sessions, invitations, password resets, themes.
-- Tokens are never stored in clear: only their SHA-256 (hex). Invitation tokens are also kept
-- AES-256-GCM encrypted so that the admin's "Copy Link" can show them again.

CREATE TABLE households (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  -- stored trimmed and lower-cased; unique case-insensitively
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  password_hash text NOT NULL,
  household_id integer NOT NULL REFERENCES households (id),
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE INDEX users_household ON users (household_id);

-- One row per login. The session is also the refresh-token family: every refresh rotates
-- refresh_token_hash within the row (sid stays), the old hash moves to session_rotated_tokens,
-- and presenting a rotated hash again revokes the whole session.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- absolute cap: created_at + 24 h; neither renewal nor refresh goes past it
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  refresh_token_hash text NOT NULL UNIQUE,
  refreshed_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX sessions_revoked ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;

CREATE TABLE session_rotated_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  rotated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_rotated_tokens_session ON session_rotated_tokens (session_id);

CREATE TABLE invitations (
  id serial PRIMARY KEY,
  household_id integer NOT NULL REFERENCES households (id),
  inviter_id integer NOT NULL REFERENCES users (id),
  email text NOT NULL CHECK (email = lower(email)),
  token_hash text NOT NULL UNIQUE,
  token_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by integer REFERENCES users (id),
  cancelled_at timestamptz
);
CREATE INDEX invitations_pending ON invitations (household_id) WHERE used_at IS NULL AND cancelled_at IS NULL;

CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id) WHERE used_at IS NULL;

-- Saved themes belong to a user (not the household); names are unique per user, case-insensitively.
CREATE TABLE themes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  colors jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX themes_user_name ON themes (user_id, lower(name));
ALTER TABLE themes ADD CONSTRAINT themes_id_user UNIQUE (id, user_id);

-- A user's chosen theme: a saved theme of theirs, or a built-in key. A deleted saved theme
-- leaves both NULL, which reads as 'default'.
CREATE TABLE theme_preferences (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  theme_id integer,
  built_in text CHECK (built_in IN ('default', 'dark', 'blue')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (theme_id IS NULL OR built_in IS NULL),
  -- the preferred theme must be the user's own (PostgreSQL 15+: only theme_id is cleared)
  FOREIGN KEY (theme_id, user_id) REFERENCES themes (id, user_id) ON DELETE SET NULL (theme_id)
);
