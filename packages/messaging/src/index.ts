/** @hf/messaging: the event bus, its two adapters, the transactional outbox and the consumer runner. */
export * from './bus';
export type { MessagingLogger } from './logger';
export { subjectMatches } from './subjects';
export { withTransaction, type TransactionOptions } from './transaction';
export { DEFAULT_STREAM_LIMITS, type StreamLimits } from './limits';
export { FIRST_RETRY_MS, retryDelayMs } from './redelivery';
export {
  createInProcessBus,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_MAX_DELIVER,
  DEFAULT_DUPLICATE_WINDOW_MS,
  type InProcessBus,
  type InProcessBusOptions,
  type InProcessBusStats,
} from './inprocess-bus';
export { bridgeBusToPort, createPortBus, type PortBridgeOptions, type PortBusOptions } from './port-bus';
export { connectNatsBus, type NatsBusOptions } from './nats-bus';
export { ensureMessagingTables, MESSAGING_MIGRATIONS } from './outbox-tables';
export { writeEvent, writeEvents, OUTBOX_CHANNEL, type NewEvent } from './outbox-writer';
export {
  startOutboxRelay,
  DEFAULT_PUBLISHED_RETENTION_MS,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox-relay';
export {
  runConsumer,
  waitForPosition,
  pruneProcessedEvents,
  EventEnvelopeSchema,
  DEFAULT_PROCESSED_RETENTION_MS,
  DEFAULT_PRUNE_EVERY,
  DEFAULT_PRUNE_BATCH_SIZE,
  type ConsumerContext,
  type PruneProcessedOptions,
  type RunConsumerOptions,
} from './consumer';
