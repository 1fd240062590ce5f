import { nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  ReplayPolicy,
  type ConsumerConfig,
  type ConsumerInfo,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { DEFAULT_MAX_BATCH, type SubscribeOptions } from './bus';
import { DEFAULT_MAX_DELIVER } from './inprocess-bus';
import type { MessagingLogger } from './logger';
import { apiErrorCode } from './nats-stream';
import { coveringFilter } from './subjects';

/**
 * A durable's ack wait on NATS (ms) unless the subscriber sets one: how long the server waits
 * for the ack of a message it sent before sending it again, and the longest delay before a
 * failed event is tried again (`retryDelayMs`: 1 s, doubling). The messages a subscriber holds
 * are kept from being redelivered with `working()` every half ack wait. (A message in flight
 * when the connection is lost no longer waits for it: the durable is re-created from its ack
 * floor once the server is back.)
 */
export const NATS_ACK_WAIT_MS = 5_000;

const CONSUMER_NOT_FOUND = 10014;

/** Where a bus keeps its durables: the stream, what the server supports, and the bus's logger. */
export interface DurableHome {
  jsm: JetStreamManager;
  streamName: string;
  /** The server takes `filter_subjects` (several filters on one consumer). */
  multipleFilters: boolean;
  logger: MessagingLogger;
}

/** nats-server < 2.10 has no `filter_subjects` (several filters on one consumer). */
export function supportsMultipleFilters(version: string | undefined): boolean {
  const [major, minor] = (version ?? '0.0').split('.').map((n) => Number.parseInt(n, 10));
  return major > 2 || (major === 2 && minor >= 10);
}

/** Messages a durable may have in flight: a batch for a durable with a batch handler, else one. */
export function maxAckPending(options: SubscribeOptions): number {
  return options.batchHandler ? Math.max(1, Math.floor(options.maxBatch ?? DEFAULT_MAX_BATCH)) : 1;
}

function consumerConfig(options: SubscribeOptions, multipleFilters: boolean): ConsumerConfig {
  const config: ConsumerConfig = {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    replay_policy: ReplayPolicy.Instant,
    ack_wait: nanos(options.ackWaitMs ?? NATS_ACK_WAIT_MS),
    max_deliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
    // The client handles them in stream order (see DurableSession); one at a time without a batch handler.
    max_ack_pending: maxAckPending(options),
  };
  if (multipleFilters && options.subjects.length > 1) {
    config.filter_subjects = [...options.subjects];
  } else {
    // One covering filter on the server; the exact subjects are checked on delivery.
    const filter = coveringFilter(options.subjects);
    if (filter) config.filter_subject = filter;
  }
  return config;
}

/**
 * Creates the durable, or brings an existing one to the requested settings. It is re-created
 * from its ack floor (the first message not acked, in stream order) when its filter changed
 * (nats-server 2.9 accepts a filter update but then does not wake the consumer for messages
 * on the new filter), when `reset` is 'always', or with 'if-pending' when it has messages
 * in flight or pull requests waiting: left by a subscriber that is gone (a process that
 * died, a connection lost with the server), they would otherwise wait for the ack wait, and
 * the messages behind them could pass them.
 */
export async function ensureDurable(
  where: DurableHome,
  subscribeOptions: SubscribeOptions,
  reset: 'if-pending' | 'always',
): Promise<void> {
  const { jsm, streamName, logger } = where;
  const config = consumerConfig(subscribeOptions, where.multipleFilters);
  let existing: ConsumerInfo;
  try {
    existing = await jsm.consumers.info(streamName, subscribeOptions.durable);
  } catch (err) {
    if (apiErrorCode(err) !== CONSUMER_NOT_FOUND) throw err;
    await jsm.consumers.add(streamName, config);
    return;
  }
  const sameFilter =
    (existing.config.filter_subject ?? '') === (config.filter_subject ?? '') &&
    JSON.stringify(existing.config.filter_subjects ?? []) === JSON.stringify(config.filter_subjects ?? []);
  const leftOver = existing.num_ack_pending > 0 || existing.num_waiting > 0;
  if (sameFilter && reset === 'if-pending' && !leftOver) {
    const {
      durable_name: _name,
      ack_policy: _ack,
      deliver_policy: _deliver,
      replay_policy: _replay,
      ...updatable
    } = config;
    await jsm.consumers.update(streamName, subscribeOptions.durable, updatable);
    return;
  }
  const resumeAt = existing.ack_floor.stream_seq + 1;
  const why = !sameFilter
    ? 'filter changed'
    : reset === 'always'
      ? 'connection to the server lost'
      : 'messages in flight or pull requests left over';
  logger.warn(
    {
      durable: subscribeOptions.durable,
      why,
      inFlight: existing.num_ack_pending,
      waiting: existing.num_waiting,
      from: existing.config.filter_subject ?? existing.config.filter_subjects,
      to: config.filter_subject ?? config.filter_subjects,
      resumeAt,
    },
    're-creating the durable from its ack floor',
  );
  await jsm.consumers.delete(streamName, subscribeOptions.durable);
  await jsm.consumers.add(streamName, {
    ...config,
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: resumeAt,
  });
}
