/**
 * A call whose progress the screen shows (file uploads, large JSON bodies): XMLHttpRequest, whose
 * upload events fetch does not give. Sent exactly like `apiFetch` (the `/api` base, the Bearer
 * token, X-Client-Date, renewal from the response's Authorization header, read-your-writes, 401
 * logs out) and failing with the same ApiError. Import it as `@hf/app-kit/upload`: it reaches
 * the session and the api client through `@hf/app-kit` (the shared singleton).
 */
import { localToday } from '@hf/calendar';
import {
  API_BASE,
  ApiError,
  EVENT_SEQUENCE_HEADER,
  STORAGE_KEYS,
  getAccessToken,
  handleUnauthorized,
  noteEventSequence,
  parseJson,
} from '@hf/app-kit';

/** How far a call has come: the request body's bytes sent, then the wait for the answer. */
export type UploadProgress = { phase: 'sending'; loaded: number; total: number } | { phase: 'waiting' };

export interface UploadRequest {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** FormData (multipart) or a value sent as JSON. */
  body: FormData | unknown;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** A fraction 0..1 of a progress report (waiting counts as all sent). */
export function progressFraction(progress: UploadProgress | null): number {
  if (!progress) return 0;
  if (progress.phase === 'waiting') return 1;
  return progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : 0;
}

export function apiUpload<T = unknown>(path: string, request: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method ?? 'POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('X-Client-Date', localToday());
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    let body: XMLHttpRequestBodyInit;
    if (request.body instanceof FormData) body = request.body;
    else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    const onProgress = request.onProgress;
    if (onProgress) {
      xhr.upload.onprogress = (event) =>
        onProgress({ phase: 'sending', loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      xhr.upload.onload = () => onProgress({ phase: 'waiting' });
    }
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      const renewed = xhr.getResponseHeader('Authorization');
      if (renewed && renewed.startsWith('Bearer ')) localStorage.setItem(STORAGE_KEYS.accessToken, renewed.slice(7));
      noteEventSequence(xhr.getResponseHeader(EVENT_SEQUENCE_HEADER));
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      if (xhr.status === 401) handleUnauthorized();
      const serverMessage =
        data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
          ? (data as { message: string }).message
          : null;
      reject(new ApiError(xhr.status, serverMessage ?? `Request failed (${xhr.status})`, serverMessage));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'Network error', null));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(body);
  });
}
