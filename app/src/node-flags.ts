/**
 * The Node.js flags every process of the app starts with, in every mode: `npm start` (package.json),
 * the cluster's service processes (start-cluster.ts), the container image (Dockerfile's
 * NODE_OPTIONS), the browser tests' app and the benchmarks' (a test keeps them all the same).
 *
 * `--max-semi-space-size=64`: V8's young generation may grow to 64 MB semi-spaces instead of 16.
 * A bank import's request bodies, row checks and event payloads are tens of megabytes of short-lived
 * objects; with small semi-spaces most of them are copied and promoted before they die, and garbage
 * collection was the largest single item of an import's CPU (docs/decisions/0153).
 */
export const APP_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
