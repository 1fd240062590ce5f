import {
  runConsumer,
  waitForPosition,
  type Bus,
  type EventEnvelope,
  type MessagingLogger,
  type Subscription,
} from '@hf/messaging';
import { badRequest, withTransaction, type Pool, type PoolClient } from '@hf/service-kit';
import { changesOf } from './mirror-events';
import {
  applyChanges,
  householdSync,
  lockHousehold,
  lockHouseholdSync,
  markAllStale,
  mirrorSnapshot,
  replaceHousehold,
  type MirrorView,
} from './mirror-store';
import type { LedgerReplay } from './replay-client';
import { ALL_LEDGER_SCHEMAS } from './schemas';

export const LEDGER_SOURCE = 'svc-ledger';

/** What a read answers (400) whose X-Min-Sequence no ledger write ever answered. */
export const SEQUENCE_BEYOND_HEAD =
  "X-Min-Sequence is beyond the ledger's latest change. Send the x-event-sequence of a write, or leave it out.";
/** How long a read waits for the consumer to apply its X-Min-Sequence before a rebuild. */
const CONSUMER_WAIT_MS = 2000;
/** A household whose consumer lags is rebuilt for waiting reads at most this often. */
const LAGGING_REBUILD_INTERVAL_MS = 10_000;

export interface LedgerMirrorOptions {
  pool: Pool;
  /** Durable consumer name (processed_events, consumer_positions, the bus): the service's name. */
  consumer: string;
  replay: LedgerReplay;
  /** Tables to `VACUUM (ANALYZE)` after a rebuild, so index-only scans do not read the heap. */
  vacuumTables?: readonly string[];
  /**
   * The service's own reaction to a ledger event (e.g. svc-budget forgets the scheduled items of a
   * closed account), in the same transaction as the mirror's update and the processed-event
   * record; called for every new event, also one at or below a household's rebuild sequence.
   */
  onEvent?: (client: PoolClient, event: EventEnvelope) => Promise<void>;
}

/**
 * A service's mirror of the ledger (accounts, categories, rows), in its own database:
 * - `start(bus)` consumes `ledger.*`: each event under its household's advisory lock, skipped when
 *   the household was rebuilt at or after its sequence, rows and categories written only over
 *   older states (duplicated and re-ordered deliveries are harmless). A gap in the ledger's
 *   sequence means events were lost (the bus's retention, a terminated message): every household
 *   is then marked stale.
 * - `ensureFresh(household, minSequence)` before a read: rebuilds the household from svc-ledger's
 *   replay when it was never built or is stale. A `minSequence` (X-Min-Sequence) the consumer has
 *   not reached is checked against the ledger's head while the read waits up to 2 s for the
 *   consumer: beyond the head, the read is refused as soon as the ledger answers (400,
 *   docs/decisions/0113-min-sequence-beyond-the-head.md); a read still behind after the wait
 *   rebuilds the household unless it was rebuilt within the last 10 s.
 */
export class LedgerMirror {
  private readonly rebuilding = new Map<number, Promise<void>>();
  private subscription: Subscription | null = null;

  constructor(private readonly options: LedgerMirrorOptions) {}

  async start(bus: Bus, logger: MessagingLogger): Promise<void> {
    const { pool, consumer } = this.options;
    this.subscription = await runConsumer({
      pool,
      bus,
      consumer,
      subjects: ['ledger.>'],
      schemas: ALL_LEDGER_SCHEMAS,
      logger,
      handle: async (client, event, { previousSequence: previous }) => {
        if (event.sequence > previous + 1) {
          logger.warn(
            { previous, sequence: event.sequence },
            'ledger events missing: households will be rebuilt from the ledger',
          );
          await markAllStale(client);
        }
        const sync = await lockHouseholdSync(client, event.household_id);
        if (this.options.onEvent) await this.options.onEvent(client, event);
        if (sync && event.sequence <= sync.sequence) return;
        await applyChanges(client, changesOf(event.type, event.data), event.sequence);
      },
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  /**
   * Replaces the household's mirror with the ledger's current state, then vacuums: also when it
   * changed no row, since the consumer's writes since the last vacuum are not all-visible either
   * (a vacuum skips the pages that are).
   */
  async rebuild(householdId: number): Promise<void> {
    await this.replace(householdId);
    await this.vacuum();
  }

  /** The household's mirror replaced by the ledger's current state (one at a time per household). */
  private replace(householdId: number): Promise<void> {
    let running = this.rebuilding.get(householdId);
    if (!running) {
      running = withTransaction(this.options.pool, async (client) => {
        // The lock is taken before the replay is read: every event the consumer applied is in it.
        await lockHousehold(client, householdId);
        await replaceHousehold(client, householdId, this.options.replay.pages(householdId));
      }).finally(() => this.rebuilding.delete(householdId));
      this.rebuilding.set(householdId, running);
    }
    return running;
  }

  /** Fresh rows are not all-visible: until a vacuum, index-only scans read every row from the heap. */
  private async vacuum(): Promise<void> {
    for (const table of this.options.vacuumTables ?? [])
      await this.options.pool.query(`VACUUM (ANALYZE) ${table}`).catch(() => undefined);
  }

  /**
   * Rebuilds the household unless it was rebuilt within `minIntervalMs` (in any process): for a
   * read that misses an id the mirror may not have seen yet. Bounded, so that ids of other
   * households sent again and again cannot make a household rebuild again and again.
   */
  async rebuildUnlessRecent(householdId: number, minIntervalMs: number): Promise<void> {
    const recent = await this.options.pool.query(
      "SELECT 1 FROM ledger_households WHERE household_id = $1 AND rebuilt_at > now() - $2::double precision * interval '1 millisecond'",
      [householdId, minIntervalMs],
    );
    if (recent.rowCount === 0) await this.rebuild(householdId);
  }

  /** Every household of the ledger, one after the other; answers how many. */
  async rebuildAll(): Promise<number> {
    const households = await this.options.replay.households();
    for (const id of households) await this.replace(id);
    // Once for all of them: a vacuum covers the whole tables.
    await this.vacuum();
    return households.length;
  }

  /**
   * ensureFresh, then the household's open accounts and categories. A mirror already fit for
   * `minSequence` (built, not stale, the sequence rebuilt at or applied by the consumer) answers
   * in one round trip, the view read in the same snapshot as the check; otherwise ensureFresh
   * runs as it does alone and the view is read after it.
   */
  async freshView(householdId: number, minSequence: number): Promise<MirrorView> {
    const { pool, consumer } = this.options;
    const snapshot = await mirrorSnapshot(pool, householdId, consumer, LEDGER_SOURCE);
    const { sync } = snapshot;
    if (sync && !sync.stale && (minSequence <= sync.sequence || minSequence <= snapshot.position)) return snapshot;
    await this.ensureFresh(householdId, minSequence);
    return mirrorSnapshot(pool, householdId, consumer, LEDGER_SOURCE);
  }

  /**
   * Makes the household's mirror fit for a read that has seen `minSequence` (0: no wish). Throws
   * a 400 when `minSequence` is beyond the ledger's latest event: no write ever answered it, so
   * neither waiting nor rebuilding could reach it.
   */
  async ensureFresh(householdId: number, minSequence: number): Promise<void> {
    const { pool, consumer } = this.options;
    const sync = await householdSync(pool, householdId);
    if (!sync || sync.stale) return this.rebuild(householdId);
    if (minSequence <= sync.sequence) return;
    if (await waitForPosition(pool, consumer, LEDGER_SOURCE, minSequence, 0)) return;
    // The head is asked while the read already waits: a write of a moment ago is usually applied
    // before the ledger answers, and the read need not wait for both one after the other. A head
    // below the sequence stops the wait and refuses the read; a ledger that does not answer
    // cannot say, and the read waits as for any lagging consumer.
    const beyondHead = new AbortController();
    const beyond = this.options.replay.head().then(
      (head) => minSequence > head,
      () => false,
    );
    void beyond.then((isBeyond) => isBeyond && beyondHead.abort());
    const reached = await waitForPosition(
      pool,
      consumer,
      LEDGER_SOURCE,
      minSequence,
      CONSUMER_WAIT_MS,
      beyondHead.signal,
    );
    if (reached) return;
    if (await beyond) throw badRequest(SEQUENCE_BEYOND_HEAD);
    // The consumer is behind (the bus is slow or down): the ledger's replay has the write. At most
    // one rebuild per household per interval, whatever the number of reads that wait.
    await this.rebuildUnlessRecent(householdId, LAGGING_REBUILD_INTERVAL_MS);
  }
}
