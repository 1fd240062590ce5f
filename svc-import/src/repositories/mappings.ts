import type { Queryable } from '@hf/service-kit';
import type { MappingConfig, SavedMapping } from '@hf/contracts';

/** Saves the household's mapping under `name`; a name already saved (any case) is replaced. */
export async function saveMapping(
  q: Queryable,
  householdId: number,
  name: string,
  headers: string[],
  config: MappingConfig,
): Promise<{ saved: SavedMapping; created: boolean }> {
  const result = await q.query<SavedMapping & { created: boolean }>(
    `INSERT INTO saved_mappings (household_id, mapping_name, name_key, headers, mapping_config) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (household_id, name_key) DO UPDATE SET mapping_name = EXCLUDED.mapping_name, headers = EXCLUDED.headers,
       mapping_config = EXCLUDED.mapping_config, updated_at = now()
     RETURNING id, mapping_name, headers, mapping_config, (xmax = 0) AS created`,
    [householdId, name, name.toLowerCase(), headers, JSON.stringify(config)],
  );
  const { created, ...saved } = result.rows[0];
  return { saved, created };
}

/** The household's most recently saved mapping whose headers equal these (same order), else null. */
export async function mappingForHeaders(
  q: Queryable,
  householdId: number,
  headers: string[],
): Promise<{ mapping_name: string; mapping_config: MappingConfig } | null> {
  const result = await q.query<{ mapping_name: string; mapping_config: MappingConfig }>(
    'SELECT mapping_name, mapping_config FROM saved_mappings WHERE household_id = $1 AND headers = $2::text[] ORDER BY updated_at DESC, id DESC LIMIT 1',
    [householdId, headers],
  );
  return result.rows[0] ?? null;
}
