import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

type Request = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
type Waiting = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/**
 * bcrypt on a worker thread of its own (./password-worker.cjs). A hash or a comparison at cost 12
 * takes a lot of CPU; bcryptjs's async form runs it on the event loop in slices, which would hold
 * every other request of the process meanwhile (in `npm start`, every service's).
 * Requests queue in the thread (one at a time). The thread starts on first use, does not keep
 * the process alive, is started again after a crash (the requests in it fail), and stops with
 * `close()`. It runs at a lower CPU priority (nice PASSWORD_THREAD_NICE; Linux): when the
 * cores are busy, the reads and writes of signed-in people go first and a sign-in waits longer
 * (docs/decisions/0009-bcrypt-on-a-thread.md).
 */
export const PASSWORD_THREAD_NICE = 10;
export class PasswordHasher {
  private current: { worker: Worker; pending: Map<number, Waiting> } | null = null;
  private nextId = 1;

  hash(password: string, cost: number): Promise<string> {
    return this.run({ op: 'hash', password, cost }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: 'compare', password, hash }) as Promise<boolean>;
  }

  async close(): Promise<void> {
    const current = this.current;
    this.current = null;
    if (current) await current.worker.terminate();
  }

  private run(request: Request): Promise<unknown> {
    const id = this.nextId++;
    const { worker, pending } = this.thread();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request });
    });
  }

  private thread(): { worker: Worker; pending: Map<number, Waiting> } {
    if (this.current) return this.current;
    const worker = new Worker(join(__dirname, 'password-worker.cjs'), {
      name: 'bcrypt',
      execArgv: [],
      workerData: { nice: PASSWORD_THREAD_NICE },
    });
    const pending = new Map<number, Waiting>();
    worker.unref();
    worker.on('message', (message: { id: number; value?: unknown; error?: string }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.value);
    });
    const fail = (err: Error) => {
      if (this.current?.worker === worker) this.current = null;
      for (const waiting of pending.values()) waiting.reject(err);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The password thread exited (code ${code}).`)));
    this.current = { worker, pending };
    return this.current;
  }
}
