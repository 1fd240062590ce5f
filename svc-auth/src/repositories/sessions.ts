import type { Queryable } from '@hf/service-kit';
import type { Role } from '@hf/contracts';

export interface SessionRow {
  id: string;
  user_id: number;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** A session joined with its user's current household and role (what an access token carries). */
export interface SessionWithUser extends SessionRow {
  household_id: number;
  role: Role;
  /** The member's display name (carried in access tokens). */
  name: string;
}

export async function insertSession(
  db: Queryable,
  s: { id: string; userId: number; expiresAt: Date; refreshHash: string },
): Promise<void> {
  await db.query('INSERT INTO sessions (id, user_id, expires_at, refresh_token_hash) VALUES ($1, $2, $3, $4)', [
    s.id,
    s.userId,
    s.expiresAt,
    s.refreshHash,
  ]);
}

const WITH_USER = `SELECT s.id, s.user_id, s.created_at, s.expires_at, s.revoked_at, u.household_id, u.role, u.name
  FROM sessions s JOIN users u ON u.id = s.user_id`;

export async function findSession(db: Queryable, id: string): Promise<SessionWithUser | null> {
  const { rows } = await db.query<SessionWithUser>(`${WITH_USER} WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The session whose current refresh token has this hash, locked for rotation. */
export async function findSessionByRefreshHash(db: Queryable, hash: string): Promise<SessionWithUser | null> {
  const { rows } = await db.query<SessionWithUser>(`${WITH_USER} WHERE s.refresh_token_hash = $1 FOR UPDATE OF s`, [
    hash,
  ]);
  return rows[0] ?? null;
}

/** The session a rotated (already used) refresh token belonged to. */
export async function findSessionByRotatedHash(db: Queryable, hash: string): Promise<SessionWithUser | null> {
  const { rows } = await db.query<SessionWithUser>(
    `${WITH_USER} WHERE s.id = (SELECT session_id FROM session_rotated_tokens WHERE token_hash = $1) FOR UPDATE OF s`,
    [hash],
  );
  return rows[0] ?? null;
}

export async function rotateRefreshToken(
  db: Queryable,
  sessionId: string,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db.query('INSERT INTO session_rotated_tokens (token_hash, session_id) VALUES ($1, $2)', [oldHash, sessionId]);
  await db.query('UPDATE sessions SET refresh_token_hash = $2, refreshed_at = now() WHERE id = $1', [
    sessionId,
    newHash,
  ]);
}

/** True when the session is the caller's, not revoked, under its cap, and the user is still in that household. */
export async function isSessionActive(
  db: Queryable,
  sessionId: string,
  userId: number,
  householdId: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND u.household_id = $3 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionId, userId, householdId],
  );
  return rowCount === 1;
}

export interface RevokedRow {
  id: string;
  revoked_at: Date;
  expires_at: Date;
}

/**
 * Revokes the user's live sessions (all of them, or only `sessionIds`) and returns the ones
 * this call revoked. Already revoked or expired sessions are left as they are.
 */
export async function revokeSessions(
  db: Queryable,
  userId: number,
  reason: string,
  sessionIds?: string[],
): Promise<RevokedRow[]> {
  const { rows } = await db.query<RevokedRow>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
     RETURNING id, revoked_at, expires_at`,
    [userId, reason, sessionIds ?? null],
  );
  return rows;
}

/** Sessions revoked at or after `since` that have not reached their cap yet (older ones cannot carry a valid token). */
export async function revokedSince(db: Queryable, since: Date): Promise<RevokedRow[]> {
  const { rows } = await db.query<RevokedRow>(
    `SELECT id, revoked_at, expires_at FROM sessions
     WHERE revoked_at IS NOT NULL AND revoked_at >= $1 AND expires_at > now()
     ORDER BY revoked_at, id`,
    [since],
  );
  return rows;
}

/** The database's clock: the "as of" of a list of revocations, on the same clock as `revoked_at`. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('SELECT now()');
  return rows[0].now;
}
