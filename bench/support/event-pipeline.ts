/**
 * How far the app's events are behind, read where the services keep it (no service exposes it
 * over HTTP): unpublished rows of the producers' outboxes (svc-ledger, svc-auth), each ledger
 * consumer's position (svc-budget, svc-reports) against the ledger's outbox head, and, on NATS,
 * each durable's pending and unacknowledged messages (the gateway's too).
 */
import pg from 'pg';
import { CONSUMERS, consumerPosition, outboxHead } from '@hf/drills/invariants';

export interface PipelineState {
  /** Unpublished outbox rows by producer. */
  unpublished: Record<string, number>;
  /** How many events each consumer is behind (`nats <durable>`: pending + unacknowledged on the stream). */
  lag: Record<string, number>;
}

export interface EventPipeline {
  state(): Promise<PipelineState>;
  /**
   * Polls every `intervalMs` until nothing is unpublished and no consumer lags; answers the
   * ms it took (null at `timeoutMs`) and the last state seen.
   */
  waitIdle(timeoutMs: number, intervalMs?: number): Promise<{ ms: number | null; last: PipelineState }>;
  close(): Promise<void>;
}

export const isIdle = (s: PipelineState): boolean =>
  Object.values(s.unpublished).every((n) => n === 0) && Object.values(s.lag).every((n) => n <= 0);

/**
 * `databases`: connection strings by service name (`svc-ledger`, `svc-auth`, `svc-budget`,
 * `svc-reports`). `nats`: the server and the durables to watch on stream HF_EVENTS (scaled mode).
 */
export async function openEventPipeline(
  databases: Record<string, string>,
  nats?: { url: string; durables: string[]; stream?: string },
): Promise<EventPipeline> {
  const pools = new Map<string, pg.Pool>();
  const pool = (name: string) => {
    let p = pools.get(name);
    if (!p) {
      p = new pg.Pool({ connectionString: databases[name], max: 2 });
      p.on('error', () => undefined);
      pools.set(name, p);
    }
    return p;
  };
  let js:
    | {
        consumers: { info(stream: string, durable: string): Promise<{ num_pending: number; num_ack_pending: number }> };
      }
    | undefined;
  let closeNats = async () => undefined as unknown;
  if (nats) {
    const { connect } = await import('@nats-io/transport-node');
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const nc = await connect({ servers: nats.url, name: 'bench-event-pipeline' });
    js = await jetstreamManager(nc);
    closeNats = () => nc.close();
  }
  const stream = nats?.stream ?? 'HF_EVENTS';

  const state = async (): Promise<PipelineState> => {
    const [ledger, auth] = await Promise.all([outboxHead(pool('svc-ledger')), outboxHead(pool('svc-auth'))]);
    const positions = await Promise.all(CONSUMERS.map((c) => consumerPosition(pool(c), c)));
    const lag: Record<string, number> = Object.fromEntries(CONSUMERS.map((c, i) => [c, ledger.max - positions[i]]));
    if (js && nats) {
      const infos = await Promise.all(nats.durables.map((d) => js!.consumers.info(stream, d).catch(() => null)));
      // A durable that does not exist (yet) is left out.
      nats.durables.forEach((d, i) => {
        const info = infos[i];
        if (info) lag[`nats ${d}`] = info.num_pending + info.num_ack_pending;
      });
    }
    return { unpublished: { 'svc-ledger': ledger.unpublished, 'svc-auth': auth.unpublished }, lag };
  };

  return {
    state,
    async waitIdle(timeoutMs, intervalMs = 10) {
      const started = process.hrtime.bigint();
      const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
      let last = await state();
      while (!isIdle(last)) {
        if (elapsed() > timeoutMs) return { ms: null, last };
        await new Promise((r) => setTimeout(r, intervalMs));
        last = await state();
      }
      return { ms: elapsed(), last };
    },
    async close() {
      await closeNats();
      await Promise.all([...pools.values()].map((p) => p.end()));
    },
  };
}
