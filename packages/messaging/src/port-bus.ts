/**
 * The bus across a thread boundary. In the single-process mode the gateway runs on a worker
 * thread of its own while the bus lives on the main thread with the services:
 *
 * - main thread: `bridgeBusToPort(bus, port, { durable, subjects })` subscribes on the real bus
 *   and posts every matching event to a `MessagePort` (acked once posted);
 * - worker thread: `createPortBus(port)` is a receive-only `Bus` over the other end of the channel.
 *
 * Acks do not cross the thread: a handler's 'retry' (or throw) is redelivered on the worker side
 * after `retryDelayMs` (1 s, doubling, at most `ackWaitMs`) with `deliveryCount` + 1 up to
 * `maxDeliver`, then dropped and logged, as the other adapters do. Events posted to a worker
 * that dies are lost with it, so a receiver must be able to catch up on its own at start (the
 * gateway loads the revoked sessions from svc-auth).
 * A bridge whose port closes (the worker exited) stops its subscription, so a new bridge with the
 * same durable resumes from the first event it did not post.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Bus, EventEnvelope, SubscribeOptions, Subscription } from './bus';
import { DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER } from './inprocess-bus';
import { describeError, stderrLogger, type MessagingLogger } from './logger';
import { retryDelayMs } from './redelivery';
import { isValidFilter, matchesAny } from './subjects';

/** What the bridge posts: one message per event. */
interface PortEventMessage {
  type: 'hf.bus.event';
  event: EventEnvelope;
}

function isEventMessage(message: unknown): message is PortEventMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as PortEventMessage).type === 'hf.bus.event' &&
    typeof (message as PortEventMessage).event === 'object'
  );
}

export interface PortBridgeOptions {
  /** Durable consumer name on the real bus (one per receiving thread, e.g. `gateway-local`). */
  durable: string;
  /** Event types (or `>`/`*` filters) to forward. */
  subjects: string[];
}

/**
 * Main-thread side: forwards every event of `subjects` from `bus` to `port`, in order. `stop()`
 * stops the subscription and closes the port; a port closed from the other side (the worker
 * exited) stops the subscription too.
 */
export async function bridgeBusToPort(bus: Bus, port: MessagePort, options: PortBridgeOptions): Promise<Subscription> {
  let open = true;
  let subscription: Subscription | undefined;
  const onClose = () => {
    open = false;
    void subscription?.stop();
  };
  port.once('close', onClose);
  try {
    subscription = await bus.subscribe({
      durable: options.durable,
      subjects: options.subjects,
      handler: async (event) => {
        // Not acked: the durable keeps it for whoever subscribes next under the same name.
        if (!open) return 'retry';
        port.postMessage({ type: 'hf.bus.event', event } satisfies PortEventMessage);
        return 'ack';
      },
    });
  } catch (err) {
    port.off('close', onClose);
    throw err;
  }
  if (!open) await subscription.stop();
  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= (async () => {
        open = false;
        port.off('close', onClose);
        await subscription.stop();
        port.close();
      })()),
  };
}

export interface PortBusOptions {
  /**
   * The subjects the bridge on the other side forwards. When given, `subscribe()` refuses a
   * subject outside them (it would never receive anything) instead of waiting silently.
   */
  subjects?: string[];
  logger?: MessagingLogger;
}

type Handler = SubscribeOptions['handler'];

/** True when every subject `inner` matches also matches `outer` (both NATS filters). */
export function filterCovers(outer: string, inner: string): boolean {
  const o = outer.split('.');
  const i = inner.split('.');
  for (let n = 0; n < o.length; n++) {
    if (o[n] === '>') return i.length > n;
    if (n >= i.length || i[n] === '>') return false;
    if (o[n] !== '*' && o[n] !== i[n]) return false;
  }
  return o.length === i.length;
}

/** One subscription's queue: one delivery at a time, in arrival order, head of line on retry. */
class PortSubscription {
  private readonly queue: EventEnvelope[] = [];
  private deliveries = 0;
  private busy: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  readonly subjects: string[];
  private readonly ackWaitMs: number;
  private readonly maxDeliver: number;
  private readonly handler: Handler;

  constructor(
    options: SubscribeOptions,
    private readonly logger: MessagingLogger,
  ) {
    this.subjects = [...options.subjects];
    this.ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    this.maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    this.handler = options.handler;
  }

  push(event: EventEnvelope): void {
    if (this.stopped) return;
    this.queue.push(event);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
    while (this.busy) await this.busy;
  }

  private wake(): void {
    if (this.busy || this.timer || this.stopped) return;
    this.busy = this.drain().finally(() => {
      this.busy = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      this.deliveries++;
      // A copy per delivery, as the other adapters decode one: a handler cannot change what comes next.
      const event = structuredClone(this.queue[0]);
      let outcome;
      try {
        outcome = (await this.handler(event, { deliveryCount: this.deliveries })) ?? 'ack';
      } catch (err) {
        this.logger.warn(
          { eventId: event.id, type: event.type, deliveryCount: this.deliveries, err: describeError(err) },
          'event handler failed; will redeliver',
        );
        outcome = 'retry';
      }
      if (outcome === 'retry' && this.deliveries < this.maxDeliver) {
        this.timer = setTimeout(
          () => {
            this.timer = undefined;
            this.wake();
          },
          retryDelayMs(this.deliveries, this.ackWaitMs),
        );
        return;
      }
      if (outcome === 'terminate')
        this.logger.error(
          { eventId: event.id, type: event.type, deliveryCount: this.deliveries },
          'event terminated by its handler',
        );
      else if (outcome === 'retry')
        this.logger.error(
          { eventId: event.id, type: event.type, deliveryCount: this.deliveries },
          'poison event dropped after max deliveries',
        );
      this.queue.shift();
      this.deliveries = 0;
    }
  }
}

/**
 * Worker-thread side: a receive-only `Bus` over a port fed by `bridgeBusToPort`. Every
 * subscription gets every posted event matching its subjects (durable names only matter to the
 * bridge); `publish()` rejects; `isReady()` is true while the port and the bus are open.
 * Events posted before the first `subscribe()` wait in the port. `close()` closes the port.
 * `kind` is 'inprocess': it is the main thread's in-process bus, seen from another thread.
 */
export function createPortBus(port: MessagePort, options: PortBusOptions = {}): Bus {
  const logger = options.logger ?? stderrLogger;
  const bridged = options.subjects ? [...options.subjects] : undefined;
  const subscriptions = new Set<PortSubscription>();
  let portOpen = true;
  let closed = false;
  let listening = false;

  const onMessage = (message: unknown) => {
    if (!isEventMessage(message)) return;
    for (const subscription of subscriptions)
      if (matchesAny(subscription.subjects, message.event.type)) subscription.push(message.event);
  };
  port.once('close', () => {
    portOpen = false;
  });

  const covered = (filter: string) => bridged === undefined || bridged.some((outer) => filterCovers(outer, filter));

  return {
    kind: 'inprocess',

    async publish(event: EventEnvelope): Promise<void> {
      throw new Error(
        `This bus only receives events forwarded from the main thread; publish ${String(event?.type)} on the main thread's bus.`,
      );
    },

    async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
      if (closed) throw new Error('The bus is closed.');
      if (!subscribeOptions.durable) throw new Error('A subscription needs a durable name.');
      if (subscribeOptions.subjects.length === 0 || !subscribeOptions.subjects.every(isValidFilter)) {
        throw new Error(`Invalid subjects ${JSON.stringify(subscribeOptions.subjects)}.`);
      }
      const missing = subscribeOptions.subjects.filter((s) => !covered(s));
      if (missing.length > 0) {
        throw new Error(
          `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not forwarded to this thread (forwarded: ${bridged!.join(', ')}); add ${missing.length === 1 ? 'it' : 'them'} to the bridge's subjects.`,
        );
      }
      const subscription = new PortSubscription(subscribeOptions, logger);
      subscriptions.add(subscription);
      if (!listening) {
        listening = true;
        port.on('message', onMessage);
      }
      return {
        async stop(): Promise<void> {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },

    async isReady(): Promise<boolean> {
      return portOpen && !closed;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const all = [...subscriptions];
      subscriptions.clear();
      await Promise.all(all.map((s) => s.stop()));
      port.off('message', onMessage);
      port.close();
    },
  };
}
