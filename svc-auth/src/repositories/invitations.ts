import type { Queryable } from '@hf/service-kit';

export interface InvitationRow {
  id: number;
  household_id: number;
  inviter_id: number;
  email: string;
  token_hash: string;
  token_encrypted: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  cancelled_at: Date | null;
}

const COLUMNS =
  'id, household_id, inviter_id, email, token_hash, token_encrypted, created_at, expires_at, used_at, cancelled_at';

export async function insertInvitation(
  db: Queryable,
  inv: {
    householdId: number;
    inviterId: number;
    email: string;
    tokenHash: string;
    tokenEncrypted: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const { rows } = await db.query<InvitationRow>(
    `INSERT INTO invitations (household_id, inviter_id, email, token_hash, token_encrypted, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [inv.householdId, inv.inviterId, inv.email, inv.tokenHash, inv.tokenEncrypted, inv.expiresAt],
  );
  return rows[0];
}

/** Cancels the household's other pending invitations of this email (a new invitation replaces them). */
export async function cancelPendingFor(db: Queryable, householdId: number, email: string): Promise<void> {
  await db.query(
    `UPDATE invitations SET cancelled_at = now()
     WHERE household_id = $1 AND email = $2 AND used_at IS NULL AND cancelled_at IS NULL`,
    [householdId, email],
  );
}

/** A usable invitation (not used, not cancelled, not expired) with what the register screen shows. */
export async function findUsableInvitationByHash(
  db: Queryable,
  tokenHash: string,
  lock = false,
): Promise<(InvitationRow & { household_name: string; inviter_name: string; inviter_email: string }) | null> {
  const { rows } = await db.query(
    `SELECT i.id, i.household_id, i.inviter_id, i.email, i.token_hash, i.token_encrypted, i.created_at, i.expires_at, i.used_at, i.cancelled_at,
            h.name AS household_name, u.name AS inviter_name, u.email AS inviter_email
     FROM invitations i JOIN households h ON h.id = i.household_id JOIN users u ON u.id = i.inviter_id
     WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.cancelled_at IS NULL AND i.expires_at > now()
     ${lock ? 'FOR UPDATE OF i' : ''}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markInvitationUsed(db: Queryable, id: number, userId: number): Promise<void> {
  await db.query('UPDATE invitations SET used_at = now(), used_by = $2 WHERE id = $1', [id, userId]);
}

export async function listPendingInvitations(db: Queryable, householdId: number): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM invitations
     WHERE household_id = $1 AND used_at IS NULL AND cancelled_at IS NULL AND expires_at > now()
     ORDER BY created_at, id`,
    [householdId],
  );
  return rows;
}

/** Cancels a pending invitation of the household; false when there is none with that id there. */
export async function cancelInvitation(db: Queryable, householdId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE invitations SET cancelled_at = now()
     WHERE id = $1 AND household_id = $2 AND used_at IS NULL AND cancelled_at IS NULL AND expires_at > now()`,
    [id, householdId],
  );
  return rowCount === 1;
}
