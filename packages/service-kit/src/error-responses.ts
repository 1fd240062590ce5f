import { MessageResponse } from '@hf/contracts';

/** The error statuses a route may answer; each answers `{ message }`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/**
 * The error part of a route's response schema, for the statuses the route can answer:
 * `response: { 200: Account, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): { [K in S]: typeof MessageResponse } {
  return Object.fromEntries(statuses.map((status) => [status, MessageResponse])) as {
    [K in S]: typeof MessageResponse;
  };
}
