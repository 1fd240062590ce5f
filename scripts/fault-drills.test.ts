/**
 * The short fault drills, part of `npm test`: in the scaled mode on a PostgreSQL and a
 * nats-server of their own, under continuous load, kill -9 svc-ledger inside a 10,000-row bulk
 * create, NATS down for 10 s, and kill -9 the gateway; every invariant of each drill must hold
 * (scripts/drills). `npm run drills` runs the full set (60 s NATS outage, PostgreSQL restart).
 *
 * Skipped with a message when nats-server is not installed (REQUIRE_NATS=1 makes it a failure).
 */
import { runDrill, type DrillOptions } from './drills/drills';
import { startDrillSystem, type DrillSystem } from './drills/harness';
import { natsServerPresent, NATS_SERVER } from './drills/private-nats';
import { summaryTable, type DrillResult } from './drills/verdict';

const present = natsServerPresent();
if (!present && process.env.REQUIRE_NATS === '1') throw new Error(`${NATS_SERVER} is missing (REQUIRE_NATS=1)`);
if (!present) console.warn(`Fault drills skipped: ${NATS_SERVER} is missing`);
const maybe = present ? describe : describe.skip;

const SHORT: DrillOptions = { natsOutageMs: 10_000, bulkRows: 10_000, warmMs: 2_000, afterMs: 3_000, downMs: 1_000 };

maybe('fault drills (short set)', () => {
  let system: DrillSystem | undefined;
  const results: DrillResult[] = [];

  beforeAll(async () => {
    system = await startDrillSystem();
  }, 600_000);

  afterAll(async () => {
    if (results.length > 0) console.log(summaryTable(results));
    await system?.stop();
  }, 120_000);

  it.each(['ledger-kill', 'nats-outage', 'gateway-kill'] as const)('%s: every invariant holds', async (drill) => {
    const result = await runDrill(system!, drill, SHORT);
    results.push(result);
    expect({ drill, failed: result.checks.filter((c) => !c.pass) }).toEqual({ drill, failed: [] });
  }, 600_000);
});
