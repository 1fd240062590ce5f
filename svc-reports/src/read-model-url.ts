/**
 * The read model's connections run without JIT and parallel workers (docs/decisions/0140): a
 * report reads a few thousand index entries in a few milliseconds, and the planner's estimates for
 * the split lines (`jsonb_to_recordset`, 100 rows a call) put the drill-down past `jit_above_cost`,
 * where compiling took seconds; worker start-up costs more than such a scan saves.
 */
export function readModelUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const settings = '-c jit=off -c max_parallel_workers_per_gather=0';
  const options = url.searchParams.get('options');
  url.searchParams.set('options', options ? `${options} ${settings}` : settings);
  return url.toString();
}
