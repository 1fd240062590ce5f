import type { NatsConnection } from '@nats-io/transport-node';
import type { MessagingLogger } from './logger';

/** The connection as the bus sees it: up or not, and who wants to know when that changes. */
export interface ConnectionWatch {
  isUp(): boolean;
  onChange(listener: (up: boolean) => void): void;
  /** True once the connection is up (at once when it is), false after `timeoutMs`. */
  whenUp(timeoutMs: number): Promise<boolean>;
}

/**
 * Follows the connection: logs losing and regaining the server (warn: both are worth seeing at
 * the services' usual level, with how long it was gone; the fault drills read these lines) and
 * tells the durables.
 */
export function watchConnection(nc: NatsConnection, name: string, logger: MessagingLogger): ConnectionWatch {
  let lostAt: number | undefined;
  const listeners: Array<(up: boolean) => void> = [];
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' && lostAt === undefined) {
        lostAt = Date.now();
        logger.warn({ connection: name }, 'NATS connection lost; reconnecting');
        for (const listener of listeners) listener(false);
      } else if (status.type === 'reconnect') {
        logger.warn(
          { connection: name, downMs: lostAt === undefined ? null : Date.now() - lostAt },
          'NATS connection back',
        );
        lostAt = undefined;
        for (const listener of listeners) listener(true);
      }
    }
  })().catch(() => undefined);
  const isUp = () => lostAt === undefined;
  /** Resolves true when the connection comes back, false after `timeoutMs`. */
  const back = (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const listener = (up: boolean) => {
        if (!up) return;
        clearTimeout(timer);
        listeners.splice(listeners.indexOf(listener), 1);
        resolve(true);
      };
      const timer = setTimeout(() => {
        listeners.splice(listeners.indexOf(listener), 1);
        resolve(false);
      }, timeoutMs);
      listeners.push(listener);
    });
  return {
    isUp,
    onChange: (listener) => void listeners.push(listener),
    whenUp: async (timeoutMs) => isUp() || back(timeoutMs),
  };
}
