import type { Queryable } from '@hf/service-kit';

export async function insertPasswordReset(
  db: Queryable,
  r: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
    r.userId,
    r.tokenHash,
    r.expiresAt,
  ]);
}

/**
 * A new reset request: the user's earlier links stop working (marked used) and only the new one
 * stays usable. Run in a transaction: the user row is locked so two concurrent requests leave one
 * usable link, not two.
 */
export async function replacePasswordResets(
  db: Queryable,
  r: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [r.userId]);
  await useAllResets(db, r.userId);
  await insertPasswordReset(db, r);
}

/** The user id of a usable reset token (not used, not expired), locked so it is used once. */
export async function findUsableReset(
  db: Queryable,
  tokenHash: string,
): Promise<{ id: number; user_id: number } | null> {
  const { rows } = await db.query<{ id: number; user_id: number }>(
    `SELECT id, user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** A new password makes every outstanding reset link of the user useless. */
export async function useAllResets(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
