import type { Queryable } from '@hf/service-kit';
import type { BuiltInThemeId, ThemeColors } from '@hf/contracts';

export interface ThemeRow {
  id: number;
  name: string;
  colors: ThemeColors;
}

export async function listThemes(db: Queryable, userId: number): Promise<ThemeRow[]> {
  const { rows } = await db.query<ThemeRow>(
    'SELECT id, name, colors FROM themes WHERE user_id = $1 ORDER BY lower(name), id',
    [userId],
  );
  return rows;
}

export async function findTheme(db: Queryable, userId: number, id: number): Promise<ThemeRow | null> {
  const { rows } = await db.query<ThemeRow>('SELECT id, name, colors FROM themes WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  return rows[0] ?? null;
}

export async function countThemes(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM themes WHERE user_id = $1', [userId]);
  return rows[0].n;
}

/** Saves by name: a name the user already has (compared case-insensitively) updates that theme. */
export async function upsertTheme(
  db: Queryable,
  userId: number,
  name: string,
  colors: ThemeColors,
): Promise<{ theme: ThemeRow; created: boolean }> {
  const { rows } = await db.query<ThemeRow & { created: boolean }>(
    `INSERT INTO themes (user_id, name, colors) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (user_id, lower(name)) DO UPDATE SET name = EXCLUDED.name, colors = EXCLUDED.colors, updated_at = now()
     RETURNING id, name, colors, (xmax = 0) AS created`,
    [userId, name, JSON.stringify(colors)],
  );
  const { created, ...theme } = rows[0];
  return { theme, created };
}

export async function findThemeIdByName(db: Queryable, userId: number, name: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM themes WHERE user_id = $1 AND lower(name) = lower($2)',
    [userId, name],
  );
  return rows[0]?.id ?? null;
}

export async function deleteTheme(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM themes WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount === 1;
}

export interface PreferenceRow {
  theme_id: number | null;
  built_in: BuiltInThemeId | null;
}

export async function findPreference(db: Queryable, userId: number): Promise<PreferenceRow | null> {
  const { rows } = await db.query<PreferenceRow>(
    'SELECT theme_id, built_in FROM theme_preferences WHERE user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

export async function setPreference(db: Queryable, userId: number, pref: PreferenceRow): Promise<void> {
  await db.query(
    `INSERT INTO theme_preferences (user_id, theme_id, built_in) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET theme_id = EXCLUDED.theme_id, built_in = EXCLUDED.built_in, updated_at = now()`,
    [userId, pref.theme_id, pref.built_in],
  );
}
