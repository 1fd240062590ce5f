import type { FastifyRequest } from 'fastify';
import { addDays, isValidDate, localToday } from '@hf/calendar';

/**
 * "Today" for the household: the `X-Client-Date` header when it is a real calendar date
 * within one day of the server's own local date, else the server's local date.
 */
export function requestToday(request: FastifyRequest, serverToday: string = localToday()): string {
  const header = request.headers['x-client-date'];
  if (typeof header === 'string' && isValidDate(header)) {
    if (header >= addDays(serverToday, -1) && header <= addDays(serverToday, 1)) return header;
  }
  return serverToday;
}

/**
 * `X-Min-Sequence` (read-your-writes: the `x-event-sequence` of the caller's last ledger write)
 * as a canonical non-negative integer, else 0 (no wish).
 */
export function requestMinSequence(request: FastifyRequest): number {
  const raw = request.headers['x-min-sequence'];
  return typeof raw === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(raw) ? Number(raw) : 0;
}
