// The thread of ./passwords.ts: bcrypt (bcryptjs) hashes and comparisons, one message at a time.
// Plain CommonJS, so that it starts the same under tsx, jest and plain node.
const { parentPort } = require('node:worker_threads');
const bcrypt = require('bcryptjs');

parentPort.on('message', (message) => {
  try {
    const value = message.op === 'hash' ? bcrypt.hashSync(message.password, message.cost) : bcrypt.compareSync(message.password, message.hash);
    parentPort.postMessage({ id: message.id, value });
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
  }
});
