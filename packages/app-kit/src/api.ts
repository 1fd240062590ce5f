import { localToday } from '@hf/calendar';
import { getAccessToken, handleUnauthorized, STORAGE_KEYS } from './session';

/** Base API path (spec section 9). */
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

/** The server's message of an error, else the screen's fallback text (spec section 8). */
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

/** Calls whose 401 is a normal answer, not an expired session (spec section 4). */
const UNAUTHENTICATED_CALLS = ['/users/login'];

/**
 * Every call of the app goes through here: `/api` base, JSON, the Bearer token from local
 * storage, the household's local date, renewal from an `Authorization: Bearer ...` response
 * header, and "any 401 except from login logs out and goes to /login".
 */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Client-Date': localToday(), ...request.headers };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
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
  const response = await fetch(url, { method: request.method ?? 'GET', headers, body, signal: request.signal });

  const renewed = response.headers.get('Authorization');
  if (renewed && renewed.startsWith('Bearer ')) localStorage.setItem(STORAGE_KEYS.accessToken, renewed.slice(7));

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && !UNAUTHENTICATED_CALLS.some((p) => path.startsWith(p))) handleUnauthorized();
    const serverMessage = data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string' ? (data as { message: string }).message : null;
    throw new ApiError(response.status, serverMessage ?? `Request failed (${response.status})`, serverMessage);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: ApiRequest['query'], signal?: AbortSignal) => apiFetch<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};
