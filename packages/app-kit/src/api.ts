import { localToday } from '@hf/calendar';
import { getAccessToken, handleUnauthorized, STORAGE_KEYS } from './session';

/** Base API path (docs/rules/api.md). */
export const API_BASE = '/api';

/** An API failure: `message` is the server's `{ message }` when it sent one. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's message of an error, else the screen's fallback text (docs/rules/screens.md, Messages). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls whose 401 is a normal answer, not an expired session (docs/rules/screens.md). */
const UNAUTHENTICATED_CALLS = ['/users/login'];

/** Header names of read-your-writes (the values of @hf/contracts' EVENT_SEQUENCE_HEADER and MIN_SEQUENCE_HEADER). */
export const EVENT_SEQUENCE_HEADER = 'x-event-sequence';
export const MIN_SEQUENCE_HEADER = 'X-Min-Sequence';

/** Paths served from read models that events keep up to date: their GETs send X-Min-Sequence (svc-reports). */
export const READ_MODEL_PATH_PREFIXES: readonly string[] = ['/reports/', '/dashboard/', '/budget/'];

/**
 * Paths whose every call, whatever the method, reads a mirror of the ledger: svc-budget's writes
 * check accounts and categories in its mirror (an envelope for a category created a moment ago,
 * a scheduled transfer to an account just opened), so they send X-Min-Sequence too.
 */
export const MIRROR_EVERY_METHOD_PREFIXES: readonly string[] = ['/budget/', '/dashboard/'];

/**
 * Read-your-writes: the highest `x-event-sequence` any response of this tab carried. GETs of a
 * read model and every svc-budget call send it as `X-Min-Sequence`, so the server answers once
 * its read model has applied that write (a report right after an edit shows the edit).
 */
let highestSequence = 0;
/** When (Date.now()) the highest sequence last rose: a write this tab made. */
let lastWriteAt = 0;

export function lastEventSequence(): number {
  return highestSequence;
}

/** Remembers a response's sequence when it is higher than any seen; anything else is ignored. */
export function noteEventSequence(value: string | null | undefined): void {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return;
  const sequence = Number(value.trim());
  if (sequence > highestSequence) {
    highestSequence = sequence;
    lastWriteAt = Date.now();
  }
}

/**
 * `staleTime` of a read-model query: data fetched after this tab's last write stays fresh for 5 s
 * (a prefetch is used as it is, not asked for again at once); data from before a write is stale
 * at once, so the next screen that shows it refetches (with X-Min-Sequence).
 */
export function readModelStaleTime(query: { state: { dataUpdatedAt: number } }): number {
  return query.state.dataUpdatedAt > lastWriteAt ? 5_000 : 0;
}

/** Forgets the sequence (tests; a new tab starts from 0 anyway). */
export function resetEventSequence(): void {
  highestSequence = 0;
  lastWriteAt = 0;
}

function readsReadModel(method: string, path: string): boolean {
  const under = (prefixes: readonly string[]) => prefixes.some((prefix) => path.startsWith(prefix));
  return under(MIRROR_EVERY_METHOD_PREFIXES) || (method === 'GET' && under(READ_MODEL_PATH_PREFIXES));
}

/** A response text as JSON, or null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Every call of the app goes through here: `/api` base, JSON, the Bearer token from local
 * storage, the household's local date, renewal from an `Authorization: Bearer ...` response
 * header, read-your-writes, and "any 401 except from login logs out and goes to /login".
 * Resolves with the successful response (its body not read yet); throws ApiError otherwise.
 */
async function send(path: string, request: ApiRequest): Promise<Response> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { 'X-Client-Date': localToday(), ...request.headers };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (highestSequence > 0 && readsReadModel(method, path)) headers[MIN_SEQUENCE_HEADER] = String(highestSequence);
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  let url = `${API_BASE}${path}`;
  if (request.query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(request.query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  const response = await fetch(url, { method, headers, body, signal: request.signal });

  const renewed = response.headers.get('Authorization');
  if (renewed && renewed.startsWith('Bearer ')) localStorage.setItem(STORAGE_KEYS.accessToken, renewed.slice(7));
  noteEventSequence(response.headers.get(EVENT_SEQUENCE_HEADER));

  if (!response.ok) {
    const data = parseJson(await response.text());
    if (response.status === 401 && !UNAUTHENTICATED_CALLS.some((p) => path.startsWith(p))) handleUnauthorized();
    const serverMessage =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : null;
    throw new ApiError(response.status, serverMessage ?? `Request failed (${response.status})`, serverMessage);
  }
  return response;
}

/** A JSON call: resolves with the parsed body (null when empty). */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await send(path, request);
  return parseJson(await response.text()) as T;
}

/** A file the server sent as an attachment. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (`filename*` preferred), or null when it names none. */
  filename: string | null;
}

/**
 * The file name of a Content-Disposition header: RFC 6266 / 5987 `filename*=UTF-8''...` first,
 * then `filename="..."` or a bare token. Path separators are dropped; null when there is none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^;"\s]+)/i.exec(header);
    name = quoted ? quoted[1].replace(/\\(.)/g, '$1') : bare ? bare[1] : null;
  }
  const clean = name
    ?.replace(/[\\/]/g, '_')
    .replace(/[\u0000-\u001f]/g, '')
    .trim();
  return clean ? clean : null;
}

/**
 * A GET whose answer is a file (CSV exports): sent like every call (the Bearer token a plain
 * link could not carry), answered with the bytes and the server's file name.
 */
export async function apiDownload(
  path: string,
  request: Omit<ApiRequest, 'method' | 'body'> = {},
): Promise<DownloadedFile> {
  const response = await send(path, request);
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')),
  };
}

/** Hands a downloaded file to the browser's download through an object URL. */
export function saveDownloadedFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, query?: ApiRequest['query'], signal?: AbortSignal) => apiFetch<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};
