/**
 * `npm run drills`: fault drills in the scaled mode (every service and the gateway its own
 * process) on a PostgreSQL and a nats-server of the drills' own, with a seeded household under
 * continuous writes: kill -9 svc-ledger in a 10,000-row bulk create, NATS down for 60 s,
 * PostgreSQL restarted, kill -9 the gateway. After each, the invariants are checked; a summary
 * table per drill is printed, and the exit code is 1 when any check failed.
 *
 * Options: --only=ledger-kill,nats-outage,postgres-restart,gateway-kill  --nats-outage=<s>
 *          --bulk-rows=<n>  --echo (print the processes' output)
 *          --short (the short set of `npm test`: SHORT_DRILLS, SHORT_DRILL_NAMES unless --only)
 *          --results=<file> (the results as JSON, for fault-drills.test.ts)
 */
import { writeFileSync } from 'node:fs';
import { ALL_DRILLS, FULL_DRILLS, runDrill, SHORT_DRILL_NAMES, SHORT_DRILLS, type DrillName } from './drills';
import { startDrillSystem } from './harness';
import { natsServerPresent, NATS_SERVER } from '@hf/messaging/testing/private-nats';
import { drillPassed, summaryTable, type DrillResult } from './verdict';

function option(name: string): string | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg?.slice(name.length + 3);
}

const started = Date.now();
/** A progress line with the seconds since the script started. */
function log(line: string): void {
  console.log(`[drills +${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
}

async function main(): Promise<void> {
  if (!natsServerPresent()) {
    console.error(`The drills need nats-server (${NATS_SERVER}; set NATS_SERVER_BIN).`);
    process.exit(2);
  }
  const short = process.argv.includes('--short');
  const base = short ? SHORT_DRILLS : FULL_DRILLS;
  const only = (option('only')?.split(',').filter(Boolean) ?? (short ? [...SHORT_DRILL_NAMES] : undefined)) as
    DrillName[] | undefined;
  const unknown = (only ?? []).filter((d) => !ALL_DRILLS.includes(d));
  if (unknown.length > 0) {
    console.error(`Unknown drill(s): ${unknown.join(', ')}. Drills: ${ALL_DRILLS.join(', ')}`);
    process.exit(2);
  }
  const options = {
    ...base,
    natsOutageMs: Number(option('nats-outage') ?? base.natsOutageMs / 1000) * 1000,
    bulkRows: Number(option('bulk-rows') ?? base.bulkRows),
    log,
  };
  log('starting PostgreSQL, NATS and the scaled mode...');
  let system: Awaited<ReturnType<typeof startDrillSystem>>;
  try {
    system = await startDrillSystem({ echo: process.argv.includes('--echo'), log });
  } catch (err) {
    console.error(`The drills' system could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  log(
    `system ready (PostgreSQL, NATS, ${Object.keys(system.cluster.services).length} services and the gateway, a seeded household)`,
  );
  const results: DrillResult[] = [];
  let failure: unknown;
  try {
    for (const drill of only ?? ALL_DRILLS) results.push(await runDrill(system, drill, options));
  } catch (err) {
    failure = err;
  } finally {
    await system.stop();
  }
  console.log(`\n${summaryTable(results)}`);
  const resultsFile = option('results');
  if (resultsFile)
    writeFileSync(
      resultsFile,
      JSON.stringify({ results, failure: failure ? String((failure as Error).stack ?? failure) : null }),
    );
  if (failure) {
    console.error(`\nA drill could not run to its end: ${(failure as Error).stack ?? String(failure)}`);
    process.exit(1);
  }
  const passed = results.every(drillPassed);
  console.log(`\n${results.filter(drillPassed).length} of ${results.length} drills passed`);
  process.exit(passed ? 0 : 1);
}

void main();
