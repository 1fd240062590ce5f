/** @hf/messaging: the event bus, its two adapters, the transactional outbox and the consumer runner. */
export * from './bus';
export type { MessagingLogger } from './logger';
export { subjectMatches } from './subjects';
export { createInProcessBus, DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER, DEFAULT_DUPLICATE_WINDOW_MS, type InProcessBusOptions } from './inprocess-bus';
export { bridgeBusToPort, createPortBus, type PortBridgeOptions, type PortBusOptions } from './port-bus';
export { connectNatsBus, EVENT_STREAM_SUBJECTS, type NatsBusOptions } from './nats-bus';
export { ensureMessagingTables, writeEvent, startOutboxRelay, OUTBOX_CHANNEL, type NewEvent, type OutboxRelay, type OutboxRelayOptions } from './outbox';
export { runConsumer, waitForPosition, EventEnvelopeSchema, type RunConsumerOptions } from './consumer';
