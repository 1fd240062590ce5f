import type { Queryable } from '@hf/service-kit';
import type { Role } from '@hf/contracts';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  household_id: number;
  role: Role;
}

const COLUMNS = 'id, email, name, password_hash, household_id, role';

export async function createHousehold(db: Queryable, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO households (name) VALUES ($1) RETURNING id', [name]);
  return rows[0].id;
}

export async function householdName(db: Queryable, householdId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM households WHERE id = $1', [householdId]);
  return rows[0]?.name ?? null;
}

/** `email` must already be normalized (trimmed, lower-case). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = $1`, [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** A user with their household's name, in one read. */
export async function findUserWithHousehold(
  db: Queryable,
  id: number,
): Promise<(UserRow & { household_name: string }) | null> {
  const { rows } = await db.query<UserRow & { household_name: string }>(
    `SELECT u.id, u.email, u.name, u.password_hash, u.household_id, u.role, coalesce(h.name, '') AS household_name
     FROM users u LEFT JOIN households h ON h.id = u.household_id WHERE u.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Locks the given users (in id order, so two removals cannot deadlock) and returns them. */
export async function lockUsers(db: Queryable, ids: number[]): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return rows;
}

/** Inserts a user; a taken email raises PostgreSQL's unique violation (23505). */
export async function insertUser(
  db: Queryable,
  user: { email: string; name: string; passwordHash: string; householdId: number; role: Role },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, name, password_hash, household_id, role) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [user.email, user.name, user.passwordHash, user.householdId, user.role],
  );
  return rows[0];
}

export async function listMembers(
  db: Queryable,
  householdId: number,
): Promise<Array<Pick<UserRow, 'id' | 'email' | 'name' | 'role'>>> {
  const { rows } = await db.query('SELECT id, email, name, role FROM users WHERE household_id = $1 ORDER BY id', [
    householdId,
  ]);
  return rows;
}

export async function moveUserToHousehold(
  db: Queryable,
  userId: number,
  householdId: number,
  role: Role,
): Promise<void> {
  await db.query('UPDATE users SET household_id = $2, role = $3 WHERE id = $1', [userId, householdId, role]);
}

export async function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
    userId,
    passwordHash,
  ]);
}

export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23505';
}
