/**
 * The gateway on a worker thread of its own (single-process mode, started by ./thread.ts through
 * ./worker-bootstrap.mjs): builds it with `buildGateway` from `workerData`, listens, and tells
 * the parent `{ type: 'listening', port }` or `{ type: 'error', message, code }`. Its bus is a
 * port bus fed by the main thread's bus. On `{ type: 'stop' }` it closes gracefully (in-flight
 * requests finish), flushes its log and answers `{ type: 'stopped' }`.
 */
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { createPortBus } from '@hf/messaging';
import { buildGateway, type GatewayOptions } from './app';

/** `buildGateway`'s options that can cross to a thread (no bus, logger or functions). */
export type GatewayWorkerOptions = Omit<GatewayOptions, 'bus' | 'logger' | 'trustProxy'> & {
  trustProxy?: boolean | number | string | string[];
};

/** Everything in it must survive structured cloning. */
export interface GatewayWorkerData {
  kind: 'hf-gateway';
  options: GatewayWorkerOptions;
  port: number;
  host: string;
  /** pino level; 'silent' for none. */
  logLevel: string;
  /** The worker's end of the channel the main thread's bridge posts events to. */
  busPort: MessagePort;
  /** The subjects the bridge forwards. */
  busSubjects: string[];
}

export type GatewayWorkerMessage =
  { type: 'listening'; port: number } | { type: 'error'; message: string; code?: string } | { type: 'stopped' };
export type GatewayParentMessage = { type: 'stop' };

/** Fastify hands `file` to pino.destination, which takes a file descriptor as well as a path. */
const STDOUT_FD = 1;

async function main(data: GatewayWorkerData, parent: MessagePort): Promise<void> {
  const post = (message: GatewayWorkerMessage) => parent.postMessage(message);
  const bus = createPortBus(data.busPort, { subjects: data.busSubjects });
  let app: FastifyInstance | undefined;
  try {
    app = await buildGateway({
      ...data.options,
      trustProxy: data.options.trustProxy as GatewayOptions['trustProxy'],
      bus,
      // Written straight to the process's standard output (fd 1): a thread's process.stdout
      // would hand every line to the main thread, a message and a wake-up per request.
      logger:
        data.logLevel === 'silent'
          ? false
          : ({
              level: data.logLevel,
              base: { service: 'gateway' },
              file: STDOUT_FD,
            } as unknown as GatewayOptions['logger']),
    });
    await app.listen({ port: data.port, host: data.host });
  } catch (err) {
    await app?.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    post({ type: 'error', message: (err as Error).message, code: (err as NodeJS.ErrnoException).code });
    return;
  }

  const gateway = app;
  let stopping = false;
  const onMessage = (message: GatewayParentMessage) => {
    if (message?.type !== 'stop' || stopping) return;
    stopping = true;
    void (async () => {
      await gateway.close().catch((err: Error) => gateway.log.error({ err }, 'gateway close failed'));
      await bus.close().catch(() => undefined);
      // pino writes asynchronously; the parent ends the thread once it hears 'stopped'.
      await new Promise<void>((done) => {
        const log = gateway.log as unknown as { flush?: (cb: (err?: Error) => void) => void };
        if (typeof log.flush !== 'function') return done();
        try {
          log.flush(() => done());
        } catch {
          done();
        }
      });
      parent.off('message', onMessage);
      post({ type: 'stopped' });
    })();
  };
  parent.on('message', onMessage);
  post({ type: 'listening', port: (gateway.server.address() as AddressInfo).port });
}

if (!isMainThread && parentPort && (workerData as GatewayWorkerData | undefined)?.kind === 'hf-gateway') {
  void main(workerData as GatewayWorkerData, parentPort);
}
