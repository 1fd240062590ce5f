import { apiFetch, lastEventSequence } from './api';

/**
 * Requests a page load starts before the page's own code has arrived (the shell, while the
 * remote's code loads), handed over once to the page that would otherwise make the same request
 * only after its code arrived and rendered. In the package index: a shared singleton, so the
 * shell's and the remotes' copies are one.
 */

/** A started answer is handed over only this soon after it was asked for... */
export const STARTED_REQUEST_MAX_AGE_MS = 10_000;

interface Started {
  answer: Promise<unknown>;
  at: number;
  /** ...and only when no write of this tab came between (read-your-writes). */
  sequence: number;
  /** The answer, once it has arrived (and was not a failure). */
  arrived?: { value: unknown };
}

type Query = Record<string, string | number>;

const started = new Map<string, Started>();
const keyOf = (path: string, query: Query) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

/** Sends `GET path?query` now (with the session, like every call); its answer waits for `takeStartedRequest`. */
export function startRequest(path: string, query: Query): void {
  const answer = apiFetch(path, { query });
  // A failure is the taker's to handle (it asks again); nobody may be there to take it at all.
  const entry: Started = { answer, at: Date.now(), sequence: lastEventSequence() };
  answer.then(
    (value) => {
      entry.arrived = { value };
    },
    () => undefined,
  );
  started.set(keyOf(path, query), entry);
}

const usable = (found: Started) =>
  Date.now() - found.at <= STARTED_REQUEST_MAX_AGE_MS && found.sequence === lastEventSequence();

/**
 * The answer of a started `GET path?query`, at most once, or null when none was started, it is
 * older than STARTED_REQUEST_MAX_AGE_MS, or this tab wrote something since it was sent.
 */
export function takeStartedRequest<T>(path: string, query: Query): Promise<T> | null {
  const key = keyOf(path, query);
  const found = started.get(key);
  started.delete(key);
  return found && usable(found) ? (found.answer as Promise<T>) : null;
}

/**
 * The answer of a started `GET path?query` when it has already arrived, taken as
 * `takeStartedRequest` takes it (at most once, not too old, no write since): a page whose code
 * comes after its data renders it in its first render instead of a loading state. Null, and the
 * request left for `takeStartedRequest`, while the answer is on its way or when it failed.
 */
export function takeArrivedRequest<T>(path: string, query: Query): { value: T } | null {
  const key = keyOf(path, query);
  const found = started.get(key);
  if (!found?.arrived) return null;
  started.delete(key);
  return usable(found) ? (found.arrived as { value: T }) : null;
}
