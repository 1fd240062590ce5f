import { HttpError } from './errors';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again.';

/**
 * A service-to-service call (`x-internal-token`, JSON body): answers the response, whose status is
 * 2xx. A service that cannot be reached, times out or answers otherwise is a 503 for the caller's
 * own client (never a 401, never its internals).
 */
export async function callInternal(url: string, internalToken: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown, timeoutMs = 30_000): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', 'x-internal-token': internalToken },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new HttpError(503, UNAVAILABLE);
  }
  if (!response.ok) {
    await response.arrayBuffer().catch(() => undefined);
    throw new HttpError(503, UNAVAILABLE);
  }
  return response;
}
