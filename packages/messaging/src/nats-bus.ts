import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import type { Bus, EventEnvelope, SubscribeOptions, Subscription } from './bus';
import { DurableSession, type SessionContext } from './durable-session';
import { DEFAULT_DUPLICATE_WINDOW_MS } from './inprocess-bus';
import { resolveStreamLimits, type StreamLimits } from './limits';
import { stderrLogger, type MessagingLogger } from './logger';
import { watchConnection, type ConnectionWatch } from './nats-connection';
import { supportsMultipleFilters } from './nats-durable';
import { ensureStream } from './nats-stream';
import { isPublishableSubject, isValidFilter } from './subjects';

export { NATS_ACK_WAIT_MS } from './nats-durable';

export interface NatsBusOptions {
  /** e.g. `nats://127.0.0.1:4222` (or a list). */
  servers: string | string[];
  /** Connection name shown by the server, e.g. the service name. */
  name: string;
  streamName?: string;
  /**
   * Subjects the stream must cover: the event subjects the services declare (@hf/contracts'
   * EVENT_STREAM_SUBJECTS); tests use their own. An existing stream is widened, never narrowed.
   */
  subjects: string[];
  duplicateWindowMs?: number;
  /**
   * The stream's retention limits (defaults: 24 h, 100,000 messages, 64 MiB, as the in-process
   * bus). Applied when the stream is created, and to an existing stream whose limits differ.
   */
  limits?: Partial<StreamLimits>;
  logger?: MessagingLogger;
}

/** Wait between attempts to reach the server again (ms; nats.js's default is 2 s). */
const RECONNECT_WAIT_MS = 250;

/**
 * How long a publish waits for the server's PubAck (ms; nats.js's default is 5 s). A publish
 * sent as the connection went away is answered never; the outbox relay tries again sooner.
 */
const PUBLISH_TIMEOUT_MS = 2_000;

/** Answers within a second whether the server answers a round trip. */
async function roundTrips(nc: NatsConnection): Promise<boolean> {
  if (nc.isClosed()) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 1000);
  });
  const roundTrip = nc.flush().then(
    () => true,
    () => false,
  );
  const ready = await Promise.race([roundTrip, timeout]);
  clearTimeout(timer);
  return ready;
}

function checkSubscription(options: SubscribeOptions): void {
  if (!options.durable || !/^[A-Za-z0-9_-]+$/.test(options.durable)) {
    throw new Error(`Invalid durable name "${options.durable}" (letters, digits, _ and - only).`);
  }
  if (options.subjects.length === 0 || !options.subjects.every(isValidFilter)) {
    throw new Error(`Invalid subjects ${JSON.stringify(options.subjects)}.`);
  }
}

/**
 * The durables of one bus, one DurableSession each: a subscription joins its durable's session
 * (started with the first), and the session stops with the last.
 */
class Sessions {
  private readonly byDurable = new Map<string, DurableSession>();

  constructor(private readonly context: SessionContext) {
    context.connection.onChange((up) => {
      for (const session of this.byDurable.values()) session.connectionChanged(up);
    });
  }

  async join(options: SubscribeOptions): Promise<Subscription> {
    let session = this.byDurable.get(options.durable);
    if (session) {
      session.subscribers.push(options);
    } else {
      session = new DurableSession(options, this.context);
      this.byDurable.set(options.durable, session);
      try {
        await session.start();
      } catch (err) {
        this.byDurable.delete(options.durable);
        await session.stop();
        throw err;
      }
    }
    const joined = session;
    let stopped = false;
    return {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        joined.subscribers.splice(joined.subscribers.indexOf(options), 1);
        if (joined.subscribers.length > 0) return;
        if (this.byDurable.get(options.durable) === joined) this.byDurable.delete(options.durable);
        await joined.stop();
      },
    };
  }

  async stopAll(): Promise<void> {
    const open = [...this.byDurable.values()];
    this.byDurable.clear();
    await Promise.all(open.map((s) => s.stop()));
  }
}

/** The Bus over a connection whose stream is ready. */
function natsBus(nc: NatsConnection, js: JetStreamClient, connection: ConnectionWatch, sessions: Sessions): Bus {
  return {
    kind: 'nats',

    async publish(event: EventEnvelope): Promise<void> {
      if (typeof event?.id !== 'string' || event.id.length === 0) throw new Error('An event needs an id.');
      if (typeof event.type !== 'string' || !isPublishableSubject(event.type))
        throw new Error(`Invalid event type "${String(event.type)}".`);
      // nats.js buffers a publish while the connection is lost but drops that buffer when it
      // connects again: wait for the connection instead, so the outbox relay's publish goes
      // out as soon as the server is back.
      if (!(await connection.whenUp(PUBLISH_TIMEOUT_MS))) throw new Error('Not connected to NATS.');
      await js.publish(event.type, JSON.stringify(event), { msgID: event.id, timeout: PUBLISH_TIMEOUT_MS });
    },

    async subscribe(options: SubscribeOptions): Promise<Subscription> {
      checkSubscription(options);
      return sessions.join(options);
    },

    isReady: () => roundTrips(nc),

    async close(): Promise<void> {
      await sessions.stopAll();
      if (!nc.isClosed()) await nc.drain();
    },
  };
}

/**
 * The scaled-mode bus on NATS JetStream. Events go to the subject named by their type, with
 * `msgID` = event id (the stream drops duplicates within its window). Each durable is a pull
 * consumer with explicit acks, consumed by one DurableSession per bus (durable-session.ts).
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<Bus> {
  const streamName = options.streamName ?? 'HF_EVENTS';
  const logger = options.logger ?? stderrLogger;
  const nc = await connect({
    servers: options.servers,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
  });
  const connection = watchConnection(nc, options.name, logger);
  try {
    const jsm = await jetstreamManager(nc);
    const limits = resolveStreamLimits(options.limits);
    const duplicateWindowMs = options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
    await ensureStream(jsm, streamName, options.subjects, limits, duplicateWindowMs, logger);
    const js = jetstream(nc);
    const home = { jsm, streamName, multipleFilters: supportsMultipleFilters(nc.info?.version), logger };
    return natsBus(nc, js, connection, new Sessions({ js, home, connection }));
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw err;
  }
}
