import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to twice what survived the last full collection (V8's `--heap-growing-percent`). */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets how far V8 lets the old generation grow past what survived the last full collection
 * before it marks again: `HEAP_GROWING_PERCENT` (env) or 100, process-wide (every isolate,
 * the gateway's thread too); 0 leaves V8's own choice. Left to itself, V8 judged marking cheap
 * (most of it runs on helper threads) and lets the heap grow so little that under load a full
 * collection begins as soon as the last one ended, a large share of the main thread's and the
 * helper threads' CPU (docs/decisions/0050-heap-growing-percent.md).
 * Read by V8 at every full collection, so setting it at start is enough.
 */
export function tuneHeapGrowth(percent = Number(process.env.HEAP_GROWING_PERCENT ?? HEAP_GROWING_PERCENT)): void {
  if (Number.isInteger(percent) && percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
