// The thread of ./passwords.ts: bcrypt (bcryptjs) hashes and comparisons, one message at a time.
// Plain CommonJS, so that it starts the same under tsx, jest and plain node.
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require('bcryptjs');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');

// A lower CPU priority for this thread (`workerData.nice`: PASSWORD_THREAD_NICE, see
// ./passwords.ts): on Linux a thread's id is a pid to setpriority, and /proc/thread-self names
// it. Elsewhere, or when not allowed, the thread keeps the process's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice);
} catch {
  // normal priority
}

parentPort.on('message', (message) => {
  try {
    const value =
      message.op === 'hash'
        ? bcrypt.hashSync(message.password, message.cost)
        : bcrypt.compareSync(message.password, message.hash);
    parentPort.postMessage({ id: message.id, value });
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
  }
});
