/**
 * The event bus contract shared by every service. Two adapters implement it:
 * `inprocess` (single-process default mode) and `nats` (JetStream, scaled mode).
 * Both pass the same contract tests (see test/bus-contract.ts).
 */
export interface EventEnvelope<T = unknown> {
  /** Globally unique event id (uuid). Used as the JetStream msgID for duplicate suppression. */
  id: string;
  /** Versioned past-tense fact, e.g. `ledger.transaction.recorded.v1`. */
  type: string;
  /** Producing service, e.g. `svc-ledger`. */
  source: string;
  /** What the event is about, e.g. `transaction/42`. Ordering is guaranteed per bus subject. */
  subject: string;
  /** ISO timestamp of the fact. */
  time: string;
  household_id: number;
  /** Producer's outbox sequence; consumers use it for read-your-writes. */
  sequence: number;
  data: T;
}

export interface DeliveryMeta {
  /** 1 on first delivery, then 2, 3... on redelivery. */
  deliveryCount: number;
}

/** What a handler decides about one message. */
export type HandlerOutcome = 'ack' | 'retry' | 'terminate';

export interface SubscribeOptions {
  /** Durable consumer name: one delivery per durable, shared by its instances. */
  durable: string;
  /** Event types (bus subjects) or prefixes ending in `>`, e.g. `ledger.transaction.>`. */
  subjects: string[];
  /**
   * The longest wait before a failed message is delivered again (ms): the first retry comes
   * after 1 s, doubling per delivery up to this (`retryDelayMs`). On NATS also the server's
   * ack wait.
   */
  ackWaitMs?: number;
  /** After this many deliveries a message is terminated (poison). */
  maxDeliver?: number;
  handler: (event: EventEnvelope, meta: DeliveryMeta) => Promise<HandlerOutcome | void>;
  /**
   * Optional: applies several events at once, all or none (e.g. in one database transaction).
   * When two or more consecutive events of the durable are waiting (a backlog), a bus may hand
   * up to `maxBatch` of them, in order, to this instead of `handler`. Resolving acks them all.
   * A throw is not counted as a delivery: each of those events then goes to `handler`, one at a
   * time in order, as usual (retries, poison and terminate apply to each on its own).
   */
  batchHandler?: (events: EventEnvelope[]) => Promise<void>;
  /** Most events per `batchHandler` call (default DEFAULT_MAX_BATCH, 100). */
  maxBatch?: number;
}

export const DEFAULT_MAX_BATCH = 100;

export interface Subscription {
  stop(): Promise<void>;
}

export interface Bus {
  readonly kind: 'inprocess' | 'nats';
  /** Publishes one event; resolves once the bus has durably accepted it. Duplicate ids are dropped. */
  publish(event: EventEnvelope): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** True when the bus can accept publishes (for /readyz). */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
