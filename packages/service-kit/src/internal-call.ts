import { HttpError } from './errors';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again.';

/**
 * A service-to-service call (`x-internal-token`, JSON body): answers the response, whose status is
 * 2xx. A service that cannot be reached, times out or answers otherwise is a 503 for the caller's
 * own client (never a 401, never its internals).
 */
export async function callInternal(
  url: string,
  internalToken: string,
  method: 'POST' | 'PUT' | 'DELETE',
  body: unknown,
  timeoutMs = 30_000,
  /** Hand a 400/404/409 answer's `{ message }` on with its status (the caller's input was refused). */
  passClientErrors = false,
): Promise<Response> {
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
    if (passClientErrors && (response.status === 400 || response.status === 404 || response.status === 409)) {
      const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
      if (typeof answer?.message === 'string') throw new HttpError(response.status, answer.message);
    }
    await response.arrayBuffer().catch(() => undefined);
    throw new HttpError(503, UNAVAILABLE);
  }
  return response;
}
