// Entry of the gateway's worker thread (./thread.ts starts it): registers tsx in this thread,
// then loads the TypeScript entry. On Node 20 a worker does not inherit the parent's loader
// hooks and `--import tsx` in its execArgv does not reach the worker's own entry file, so the
// thread registers tsx itself (ESM hooks for dynamic imports, CommonJS hooks for require).
// Resolved from this file, so it works whatever the working directory.
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();
const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
require('./worker.ts');
