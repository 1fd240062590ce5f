/** Error codes of a dependency that is down or restarting (network, PostgreSQL shutdown and connection classes). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/**
 * node-postgres reports a connection lost under a query, or a pooled client that lost its
 * connection, with an Error that has no code: only its message says so.
 */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/** True when the error means a dependency is unavailable (answer 503), not that the request or the code is wrong. */
export function isUnavailableError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return code === undefined && CONNECTION_LOST_MESSAGES.includes(err.message);
}
