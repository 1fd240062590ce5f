import type { FastifyInstance } from 'fastify';

/**
 * Listens and closes gracefully on SIGTERM/SIGINT: stop accepting, drain in-flight
 * requests, then run every onClose hook (pool, bus, relays).
 */
export async function listenWithGracefulShutdown(
  app: FastifyInstance,
  port: number,
  host = '127.0.0.1',
  onClosed?: () => Promise<void>,
): Promise<void> {
  await app.listen({ port, host });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    if (onClosed) await onClosed();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
