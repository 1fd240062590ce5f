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
export { connectNatsBus, EVENT_STREAM_SUBJECTS, type NatsBusOptions } from './nats-bus';
export {
  ensureMessagingTables,
  writeEvent,
  writeEvents,
  startOutboxRelay,
  OUTBOX_CHANNEL,
  DEFAULT_PUBLISHED_RETENTION_MS,
  type NewEvent,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox';
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
