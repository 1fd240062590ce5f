/**
 * The gateway on a worker thread (single-process mode): its own event loop and V8 isolate, so on
 * a machine with two cores it does not share one with the services. The main thread keeps the
 * bus; a bridge forwards the events the gateway subscribes to (`GATEWAY_BUS_SUBJECTS`, ./sessions.ts) over a
 * MessagePort (@hf/messaging port-bus). See ./worker.ts for the thread's side.
 *
 * A thread that ends unexpectedly after it listened is logged and started again on the same port
 * (back-off 1 s .. 30 s); the new one loads the revoked sessions from svc-auth as every gateway
 * does at start, and its bridge resumes the durable where the last one stopped.
 */
import { join } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { bridgeBusToPort, type Bus, type Subscription } from '@hf/messaging';
import { gatewayDurable, GATEWAY_BUS_SUBJECTS } from './sessions';
import type { GatewayParentMessage, GatewayWorkerData, GatewayWorkerMessage, GatewayWorkerOptions } from './worker';

const BOOTSTRAP = join(__dirname, 'worker-bootstrap.mjs');
/** How long a graceful stop may take before the thread is terminated. */
const STOP_TIMEOUT_MS = 10_000;

export type GatewayThreadOptions = GatewayWorkerOptions & {
  /** The main thread's bus: events for the gateway cross to its thread through a bridge. */
  bus: Bus;
  /** Listen port (0 picks a free one) and address. */
  port: number;
  host: string;
  /** pino level; 'silent' for none. Default 'info'. */
  logLevel?: string;
  /** Where the thread's life-cycle lines go (unexpected exit, restart). Default console.error. */
  log?: (line: string) => void;
};

export interface GatewayThread {
  /** The port it listens on. */
  port: number;
  /** Stops the gateway gracefully (in-flight requests finish), then the thread and the bridge. */
  stop(): Promise<void>;
}

interface Instance {
  worker: Worker;
  bridge: Subscription;
  port: number;
  exited: Promise<number>;
  /** Resolves when the thread says it has closed. */
  stopped: Promise<void>;
}

/** What every launch of the thread takes from the options. */
interface ThreadSettings {
  bus: Bus;
  durable: string;
  gatewayOptions: GatewayWorkerOptions;
  host: string;
  logLevel: string;
  log: (line: string) => void;
}

/** One gateway thread with its bus bridge, resolved once it listens on `listenPort`. */
async function launch(settings: ThreadSettings, listenPort: number): Promise<Instance> {
  const { bus, durable, gatewayOptions, host, logLevel, log } = settings;
  const { port1, port2 } = new MessageChannel();
  let bridge: Subscription;
  try {
    bridge = await bridgeBusToPort(bus, port1, { durable, subjects: GATEWAY_BUS_SUBJECTS });
  } catch (err) {
    port1.close();
    throw err;
  }
  const workerData: GatewayWorkerData = {
    kind: 'hf-gateway',
    options: gatewayOptions,
    port: listenPort,
    host,
    logLevel,
    busPort: port2,
    busSubjects: GATEWAY_BUS_SUBJECTS,
  };
  let worker: Worker;
  try {
    worker = new Worker(BOOTSTRAP, { name: 'gateway', execArgv: [], workerData, transferList: [port2] });
  } catch (err) {
    await bridge.stop();
    throw err;
  }
  let started = false;
  // Always listened to: an 'error' event nobody listens to would end the whole process.
  worker.on('error', (err: Error) => {
    if (started) log(`The gateway thread failed: ${err.stack ?? err.message}`);
  });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  void exited.then(() => bridge.stop());
  let markStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.on('message', (message: GatewayWorkerMessage) => {
        if (message.type === 'listening') resolve(message.port);
        else if (message.type === 'error')
          reject(Object.assign(new Error(message.message), message.code ? { code: message.code } : {}));
        else if (message.type === 'stopped') markStopped();
      });
      worker.once('error', (err) => reject(new Error(`The gateway thread failed to start: ${err.message}`)));
      void exited.then((code) => reject(new Error(`The gateway thread ended during start (exit code ${code}).`)));
    });
    started = true;
    return { worker, bridge, port, exited, stopped };
  } catch (err) {
    await worker.terminate();
    await bridge.stop();
    throw err;
  }
}

/** Asks the thread to stop gracefully, terminating it after STOP_TIMEOUT_MS; then its bridge. */
async function stopInstance(instance: Instance, log: (line: string) => void): Promise<void> {
  instance.worker.postMessage({ type: 'stop' } satisfies GatewayParentMessage);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS)));
  const outcome = await Promise.race([
    instance.stopped.then(() => 'stopped' as const),
    instance.exited.then(() => 'exited' as const),
    timedOut,
  ]);
  clearTimeout(timer);
  if (outcome === 'timeout') log(`The gateway thread did not stop within ${STOP_TIMEOUT_MS / 1000} s: terminating it.`);
  // After 'stopped' nothing is left to finish; whatever handle lingers must not hold the stop up.
  await instance.worker.terminate();
  await instance.bridge.stop();
}

/**
 * Starts the gateway thread and resolves once it listens; rejects with the gateway's own error
 * (e.g. `listen EADDRINUSE: address already in use 127.0.0.1:8080`, with its `code`) when it
 * cannot start, the thread and bridge already cleaned up.
 */
export async function startGatewayThread(options: GatewayThreadOptions): Promise<GatewayThread> {
  const {
    bus,
    port: requestedPort,
    host,
    logLevel = 'info',
    log = (line: string) => console.error(line),
    ...gatewayOptions
  } = options;
  const settings: ThreadSettings = {
    bus,
    durable: gatewayDurable(gatewayOptions.instanceId),
    gatewayOptions,
    host,
    logLevel,
    log,
  };

  let current: Instance | undefined = await launch(settings, requestedPort);
  const port = current.port;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let delay = 1000;
  let upSince = Date.now();

  const scheduleRestart = (reason: string) => {
    if (stopping) return;
    if (Date.now() - upSince > 60_000) delay = 1000;
    log(`${reason}: starting it again in ${delay / 1000} s.`);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      restarting = (async () => {
        try {
          const instance = await launch(settings, port);
          if (stopping) return void (await stopInstance(instance, log));
          current = instance;
          upSince = Date.now();
          log(`The gateway thread is listening again on port ${port}.`);
          watch(instance);
        } catch (err) {
          scheduleRestart(`The gateway thread could not start again (${(err as Error).message})`);
        } finally {
          restarting = undefined;
        }
      })();
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  };
  const watch = (instance: Instance) => {
    void instance.exited.then((code) => {
      if (stopping || current !== instance) return;
      current = undefined;
      scheduleRestart(`The gateway thread ended unexpectedly (exit code ${code})`);
    });
  };
  watch(current);

  let stopPromise: Promise<void> | undefined;
  return {
    port,
    stop: () =>
      (stopPromise ??= (async () => {
        stopping = true;
        if (restartTimer) clearTimeout(restartTimer);
        await restarting;
        const instance = current;
        current = undefined;
        if (instance) await stopInstance(instance, log);
      })()),
  };
}
