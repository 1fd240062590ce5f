import type { Bus, EventEnvelope, HandlerOutcome, SubscribeOptions, Subscription } from './bus';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { isPublishableSubject, isValidFilter, matchesAny } from './subjects';

export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_MAX_DELIVER = 5;
/** JetStream's default duplicate window, which the NATS stream also uses. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 120_000;

export interface InProcessBusOptions {
  logger?: MessagingLogger;
  /** Ids seen within this window are dropped on publish (default 2 minutes, like JetStream). */
  duplicateWindowMs?: number;
}

/** One stored event: the bus subject is the event type; the body is kept serialized, as on the wire. */
interface LogEntry {
  subject: string;
  body: string;
}

type Handler = SubscribeOptions['handler'];

/**
 * A durable consumer: a cursor into the log, shared by every subscription that uses its name.
 * It delivers one message at a time, in log order, and does not move past a message until
 * that message is acked, terminated or has used up `maxDeliver` deliveries.
 */
class Durable {
  cursor = 0;
  /** Deliveries so far of the message at `cursor`. */
  deliveries = 0;
  handlers: Handler[] = [];
  private nextHandler = 0;
  private busy: Promise<void> | undefined;
  private redeliveryTimer: NodeJS.Timeout | undefined;
  subjects: string[] = [];
  ackWaitMs = DEFAULT_ACK_WAIT_MS;
  maxDeliver = DEFAULT_MAX_DELIVER;

  constructor(
    readonly name: string,
    private readonly log: LogEntry[],
    private readonly logger: MessagingLogger,
  ) {}

  configure(options: SubscribeOptions): void {
    this.subjects = [...options.subjects];
    this.ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    this.maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
  }

  /** Starts delivering if there is work, a handler, and no delivery or redelivery wait under way. */
  wake(): void {
    if (this.busy || this.redeliveryTimer || this.handlers.length === 0) return;
    this.busy = this.drain().finally(() => {
      this.busy = undefined;
      // A publish or subscribe may have arrived while the last handler ran.
      if (!this.redeliveryTimer && this.cursor < this.log.length) setImmediate(() => this.wake());
    });
  }

  /** Resolves when no handler is running (used by stop and close). */
  async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  cancelTimer(): void {
    if (this.redeliveryTimer) clearTimeout(this.redeliveryTimer);
    this.redeliveryTimer = undefined;
  }

  private async drain(): Promise<void> {
    while (this.cursor < this.log.length && this.handlers.length > 0) {
      const entry = this.log[this.cursor];
      if (!matchesAny(this.subjects, entry.subject)) {
        this.advance();
        continue;
      }
      this.deliveries++;
      const handler = this.handlers[this.nextHandler++ % this.handlers.length];
      const event = JSON.parse(entry.body) as EventEnvelope;
      let outcome: HandlerOutcome;
      try {
        outcome = (await handler(event, { deliveryCount: this.deliveries })) ?? 'ack';
      } catch (err) {
        this.logger.warn({ durable: this.name, eventId: event.id, type: event.type, deliveryCount: this.deliveries, err: describeError(err) }, 'event handler failed; will redeliver');
        outcome = 'retry';
      }
      if (outcome === 'ack') {
        this.advance();
      } else if (outcome === 'terminate') {
        this.logger.error({ durable: this.name, eventId: event.id, type: event.type, deliveryCount: this.deliveries }, 'event terminated by its handler');
        this.advance();
      } else if (this.deliveries >= this.maxDeliver) {
        this.logger.error({ durable: this.name, eventId: event.id, type: event.type, deliveryCount: this.deliveries }, 'poison event dropped after max deliveries');
        this.advance();
      } else {
        this.redeliveryTimer = setTimeout(() => {
          this.redeliveryTimer = undefined;
          this.wake();
        }, this.ackWaitMs);
        return;
      }
    }
  }

  private advance(): void {
    this.cursor++;
    this.deliveries = 0;
  }
}

/**
 * The single-process bus. It keeps the same contract as the JetStream adapter: publish
 * resolves once the event is in the (in-memory) log; ids already seen within the duplicate
 * window are dropped; each durable gets every matching event since the bus started, in
 * publish order, once acked; failures are redelivered after `ackWaitMs` with a growing
 * `deliveryCount` until `maxDeliver`, then dropped and logged as poison.
 *
 * The log lives as long as the bus (the process): that is what lets a durable that
 * subscribes late still see every event of this run.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const logger = options.logger ?? stderrLogger;
  const duplicateWindowMs = options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
  const log: LogEntry[] = [];
  /** Event id -> time it was accepted; Map order is acceptance order, so pruning reads from the front. */
  const recentIds = new Map<string, number>();
  const durables = new Map<string, Durable>();
  let closed = false;

  function pruneIds(now: number): void {
    for (const [id, at] of recentIds) {
      if (now - at < duplicateWindowMs) break;
      recentIds.delete(id);
    }
  }

  return {
    kind: 'inprocess',

    async publish(event: EventEnvelope): Promise<void> {
      if (closed) throw new Error('The bus is closed.');
      if (typeof event?.id !== 'string' || event.id.length === 0) throw new Error('An event needs an id.');
      if (typeof event.type !== 'string' || !isPublishableSubject(event.type)) throw new Error(`Invalid event type "${String(event.type)}".`);
      const now = Date.now();
      pruneIds(now);
      if (recentIds.has(event.id)) return;
      recentIds.set(event.id, now);
      log.push({ subject: event.type, body: JSON.stringify(event) });
      // Deliver after publish resolves, as a network bus would.
      setImmediate(() => {
        for (const durable of durables.values()) durable.wake();
      });
    },

    async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
      if (closed) throw new Error('The bus is closed.');
      if (!subscribeOptions.durable) throw new Error('A subscription needs a durable name.');
      if (subscribeOptions.subjects.length === 0 || !subscribeOptions.subjects.every(isValidFilter)) {
        throw new Error(`Invalid subjects ${JSON.stringify(subscribeOptions.subjects)}.`);
      }
      let durable = durables.get(subscribeOptions.durable);
      if (!durable) {
        durable = new Durable(subscribeOptions.durable, log, logger);
        durables.set(subscribeOptions.durable, durable);
      }
      durable.configure(subscribeOptions);
      const handler: Handler = (event, meta) => subscribeOptions.handler(event, meta);
      durable.handlers.push(handler);
      const subscribed = durable;
      setImmediate(() => subscribed.wake());
      let stopped = false;
      return {
        async stop(): Promise<void> {
          if (stopped) return;
          stopped = true;
          subscribed.handlers = subscribed.handlers.filter((h) => h !== handler);
          if (subscribed.handlers.length === 0) subscribed.cancelTimer();
          await subscribed.idle();
        },
      };
    },

    async isReady(): Promise<boolean> {
      return !closed;
    },

    async close(): Promise<void> {
      closed = true;
      for (const durable of durables.values()) {
        durable.handlers = [];
        durable.cancelTimer();
      }
      await Promise.all([...durables.values()].map((d) => d.idle()));
    },
  };
}
