import type pg from 'pg';
import { describeError, type MessagingLogger } from './logger';
import { OUTBOX_CHANNEL } from './outbox-writer';

export interface OutboxListener {
  /** UNLISTEN and hand the connection back to the pool; no reconnecting after this. */
  stop(): Promise<void>;
}

/** How long a lost or refused listener waits before it connects again (ms). */
const LISTEN_RETRY_MS = 1000;

/**
 * `LISTEN outbox` on a pooled connection of its own: `onNotify` runs for every notification
 * from writeEvent, and once the listener is up (what was written while it was down is
 * published then). A lost connection is logged and replaced after LISTEN_RETRY_MS; meanwhile
 * the relay's poll is the fallback.
 */
export function listenToOutbox(pool: pg.Pool, logger: MessagingLogger, onNotify: () => void): OutboxListener {
  let stopped = false;
  let listener: pg.PoolClient | undefined;
  let listenRetry: NodeJS.Timeout | undefined;
  /** Clients handed back to the pool; a late 'error' event must not release them twice. */
  const released = new WeakSet<pg.PoolClient>();
  /** The 'error' listener put on each listening client, removed when it goes back to the pool. */
  const errorListeners = new WeakMap<pg.PoolClient, (err: Error) => void>();

  function release(client: pg.PoolClient, err?: Error): void {
    if (released.has(client)) return;
    released.add(client);
    client.removeAllListeners('notification');
    // Back in the pool, the pool's own idle listener handles its errors; ours would pile up on
    // the pooled client with every relay started on this pool.
    const onError = errorListeners.get(client);
    if (onError) client.off('error', onError);
    client.release(err);
  }

  function watch(client: pg.PoolClient): void {
    client.on('notification', (msg) => {
      if (msg.channel === OUTBOX_CHANNEL) onNotify();
    });
    const onError = (err: Error) => {
      // After stop() this client is already back in the pool (or the pool is ending): ignore.
      if (released.has(client)) return;
      logger.warn({ err: describeError(err) }, 'outbox listener lost its connection; polling until it is back');
      if (listener === client) listener = undefined;
      release(client, err);
      scheduleListen();
    };
    errorListeners.set(client, onError);
    client.on('error', onError);
  }

  async function listen(): Promise<void> {
    if (stopped) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      watch(client);
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (stopped) {
        release(client);
        return;
      }
      listener = client;
      onNotify();
    } catch (err) {
      if (client) release(client, err instanceof Error ? err : new Error(String(err)));
      logger.warn({ err: describeError(err) }, 'outbox listener could not start; polling until it can');
      scheduleListen();
    }
  }

  function scheduleListen(): void {
    if (stopped || listenRetry) return;
    listenRetry = setTimeout(() => {
      listenRetry = undefined;
      void listen();
    }, LISTEN_RETRY_MS);
  }

  void listen();
  return {
    async stop(): Promise<void> {
      stopped = true;
      if (listenRetry) clearTimeout(listenRetry);
      const current = listener;
      listener = undefined;
      if (current) {
        await current.query(`UNLISTEN ${OUTBOX_CHANNEL}`).catch(() => undefined);
        release(current);
      }
    },
  };
}
