import type { ConsumerMessages, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { DEFAULT_MAX_BATCH, type EventEnvelope, type HandlerOutcome, type SubscribeOptions } from './bus';
import { DEFAULT_MAX_DELIVER } from './inprocess-bus';
import { describeError, type MessagingLogger } from './logger';
import type { ConnectionWatch } from './nats-connection';
import { ensureDurable, maxAckPending, NATS_ACK_WAIT_MS, type DurableHome } from './nats-durable';
import { retryDelayMs } from './redelivery';
import { matchesAny } from './subjects';

/**
 * Pull requests expire after this (ms; nats.js's default is 30 s). The server then sends idle
 * heartbeats every half of it, and two missed ones make the client pull again: a pull request
 * the server lost is noticed within 5 s instead of 30 s.
 */
const PULL_EXPIRES_MS = 5_000;

/** How long an ack waits for the server's confirmation (ms; nats.js's default is 5 s). */
const ACK_CONFIRM_TIMEOUT_MS = 2_000;

/** Routine notifications of a pull consumer; the others (missed heartbeats, consumer not found, ...) are logged. */
const QUIET_NOTIFICATIONS = new Set(['next', 'discard', 'debug', 'heartbeat', 'flow_control']);

/** What a session works with: the bus's JetStream client, where its durable lives, the connection. */
export interface SessionContext {
  js: JetStreamClient;
  home: DurableHome;
  connection: ConnectionWatch;
}

/** The event in a message, or an error when it is not a JSON object. */
function parseEvent(msg: JsMsg): EventEnvelope | Error {
  try {
    const event = msg.json<EventEnvelope>();
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return new Error('not a JSON object');
    return event;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * The client side of one durable in this bus (its subscriptions take turns). Messages are
 * queued as they arrive and handled strictly in arrival order, which is stream order:
 * - a durable with a batch handler has up to `maxBatch` messages in flight, and two or more
 *   waiting go to the batch handler at once (one at a time again after a batch failed);
 * - a failed event is retried here, after `retryDelayMs` (1 s, doubling, at most the ack
 *   wait), not nak'ed: the messages behind it wait (with several in flight a nak would let
 *   them pass it); the messages held are kept from being redelivered with `working()`
 *   every half ack wait;
 * - when the connection drops, the session finishes what it is handling, forgets what it
 *   holds and, once the server is back, re-creates the durable from its ack floor and
 *   consumes again: what was in flight (an ack lost, a message lost on the way) comes again
 *   at once and in order instead of after the ack wait (consumers' processed_events make a
 *   second delivery harmless).
 */
export class DurableSession {
  readonly durable: string;
  readonly subscribers: SubscribeOptions[];
  private nextSubscriber = 0;
  /** Arrived, not yet handled, in arrival order. */
  private queue: JsMsg[] = [];
  /** Being handled now (acked at the end). */
  private current: JsMsg[] = [];
  private messages: ConsumerMessages | undefined;
  /** Bumped whenever a consume is given up: its late messages are ignored. */
  private generation = 0;
  private resetWanted = false;
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  private endPause: (() => void) | undefined;
  private readonly keepAlive: NodeJS.Timeout;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    first: SubscribeOptions,
    private readonly context: SessionContext,
  ) {
    this.durable = first.durable;
    this.subscribers = [first];
    this.keepAlive = setInterval(
      () => {
        for (const msg of [...this.current, ...this.queue]) msg.working();
      },
      Math.max(50, Math.floor(this.ackWaitMs / 2)),
    );
    this.keepAlive.unref();
  }

  private get ackWaitMs(): number {
    return this.subscribers[0]?.ackWaitMs ?? NATS_ACK_WAIT_MS;
  }

  private get logger(): MessagingLogger {
    return this.context.home.logger;
  }

  async start(): Promise<void> {
    await this.consume('if-pending');
    this.loop = this.run();
  }

  connectionChanged(up: boolean): void {
    if (!up) {
      this.resetWanted = true;
      this.endPause?.();
    }
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation++;
    this.messages?.stop();
    clearInterval(this.keepAlive);
    this.endPause?.();
    this.wake();
    await this.loop;
  }

  private wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    wakeUp?.();
  }

  /** Until wake() or, when given, `ms` have passed. */
  private sleep(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => this.wake(), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** `ms`, ended early only by stop() or a lost connection. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.endPause = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.endPause = end;
    });
  }

  private async consume(reset: 'if-pending' | 'always'): Promise<void> {
    const settings = this.subscribers[0];
    await ensureDurable(this.context.home, settings, reset);
    const consumer = await this.context.js.consumers.get(this.context.home.streamName, settings.durable);
    const generation = ++this.generation;
    const messages = await consumer.consume({
      max_messages: Math.max(10, maxAckPending(settings)),
      expires: PULL_EXPIRES_MS,
      callback: (msg) => {
        if (generation !== this.generation) return;
        this.queue.push(msg);
        this.wake();
      },
    });
    this.messages = messages;
    void (async () => {
      for await (const note of messages.status()) {
        if (QUIET_NOTIFICATIONS.has(note.type)) continue;
        this.logger.warn({ durable: settings.durable, notification: note }, `consumer ${note.type}`);
      }
    })().catch(() => undefined);
  }

  /** After a lost connection: once the server is back, the durable from its ack floor, consumed again. */
  private async restart(): Promise<void> {
    this.generation++;
    this.queue = [];
    this.messages?.stop();
    this.messages = undefined;
    for (let attempt = 0; !this.stopped; attempt++) {
      if (!this.context.connection.isUp()) {
        await this.sleep(1000);
        continue;
      }
      this.resetWanted = false;
      try {
        await this.consume('always');
        return;
      } catch (err) {
        this.logger.warn(
          { durable: this.durable, attempt, err: describeError(err) },
          'could not consume again after the connection came back; will retry',
        );
        await this.pause(Math.min(2000, 100 * 2 ** attempt));
      }
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.resetWanted) {
        await this.restart();
        continue;
      }
      if (this.queue.length === 0) {
        await this.sleep();
        continue;
      }
      const subscriber = this.subscribers[this.nextSubscriber++ % this.subscribers.length];
      try {
        const batch = subscriber.batchHandler ? this.takeBatch(subscriber) : undefined;
        if (batch) {
          await this.handleBatch(subscriber, batch);
        } else {
          const msg = this.queue.shift()!;
          this.current = [msg];
          await this.handleOne(subscriber, msg);
        }
      } catch (err) {
        this.logger.error({ durable: this.durable, err: describeError(err) }, 'event delivery failed');
      } finally {
        this.current = [];
      }
    }
  }

  /** Two or more well-formed messages from the front of the queue (at most `maxBatch` events), or nothing. */
  private takeBatch(subscriber: SubscribeOptions): { msgs: JsMsg[]; events: EventEnvelope[] } | undefined {
    if (this.queue.length < 2) return undefined;
    const max = Math.max(1, subscriber.maxBatch ?? DEFAULT_MAX_BATCH);
    const msgs: JsMsg[] = [];
    const events: EventEnvelope[] = [];
    for (const msg of this.queue) {
      if (events.length >= max) break;
      const event = parseEvent(msg);
      if (event instanceof Error) break;
      msgs.push(msg);
      if (matchesAny(subscriber.subjects, msg.subject)) events.push(event);
    }
    if (events.length < 2) return undefined;
    this.queue.splice(0, msgs.length);
    return { msgs, events };
  }

  private async handleBatch(
    subscriber: SubscribeOptions,
    batch: { msgs: JsMsg[]; events: EventEnvelope[] },
  ): Promise<void> {
    this.current = batch.msgs;
    try {
      await subscriber.batchHandler!(batch.events);
    } catch (err) {
      this.logger.warn(
        { durable: this.durable, events: batch.events.length, err: describeError(err) },
        'event batch failed; handling its events one at a time',
      );
      for (let i = 0; i < batch.msgs.length && !this.stopped && !this.resetWanted; i++) {
        this.current = batch.msgs.slice(i);
        await this.handleOne(subscriber, batch.msgs[i]);
      }
      return;
    }
    for (const msg of batch.msgs.slice(0, -1)) msg.ack();
    await this.confirmAck(batch.msgs[batch.msgs.length - 1]);
  }

  private async handleOne(subscriber: SubscribeOptions, msg: JsMsg): Promise<void> {
    const { durable } = this;
    const event = parseEvent(msg);
    if (event instanceof Error) {
      this.logger.error(
        { durable, subject: msg.subject, streamSequence: msg.seq, err: describeError(event) },
        'malformed event payload terminated',
      );
      msg.term();
      return;
    }
    if (!matchesAny(subscriber.subjects, msg.subject)) {
      msg.ack();
      return;
    }
    const maxDeliver = subscriber.maxDeliver ?? DEFAULT_MAX_DELIVER;
    for (let deliveryCount = msg.info.deliveryCount; ; deliveryCount++) {
      let outcome: HandlerOutcome;
      try {
        outcome = (await subscriber.handler(event, { deliveryCount })) ?? 'ack';
      } catch (err) {
        this.logger.warn(
          { durable, eventId: event.id, type: event.type, deliveryCount, err: describeError(err) },
          'event handler failed; will redeliver',
        );
        outcome = 'retry';
      }
      if (outcome === 'ack') {
        await this.confirmAck(msg);
        return;
      }
      if (outcome === 'terminate') {
        this.logger.error(
          { durable, eventId: event.id, type: event.type, deliveryCount },
          'event terminated by its handler',
        );
        msg.term();
        return;
      }
      if (deliveryCount >= maxDeliver) {
        this.logger.error(
          { durable, eventId: event.id, type: event.type, deliveryCount },
          'poison event dropped after max deliveries',
        );
        msg.term();
        return;
      }
      await this.pause(retryDelayMs(deliveryCount, subscriber.ackWaitMs ?? NATS_ACK_WAIT_MS));
      // Not acked: it comes again after the restart, or to the next subscriber.
      if (this.stopped || this.resetWanted) return;
    }
  }

  /**
   * Acks and waits for the server to confirm (the next messages come after it anyway). Not
   * while the connection is lost: nats.js drops what it buffered when it connects again, so
   * the ack would never arrive; the durable is re-created from its ack floor instead. A
   * confirmation lost with the connection is given up after ACK_CONFIRM_TIMEOUT_MS.
   */
  private async confirmAck(msg: JsMsg): Promise<void> {
    const { durable } = this;
    if (!this.context.connection.isUp()) return;
    await msg.ackAck({ timeout: ACK_CONFIRM_TIMEOUT_MS }).catch((err: unknown) => {
      this.logger.warn(
        { durable, streamSequence: msg.seq, err: describeError(err) },
        'ack not confirmed; the event may be delivered again',
      );
      return false;
    });
  }
}
