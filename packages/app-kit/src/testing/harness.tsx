/**
 * Test helpers for the remotes' components (jsdom): providers like the shell's (router + query
 * client) and a `fetch` stub at the network edge that routes "METHOD /api/path" to handlers.
 * Not part of the package's index: tests import it by path.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

export interface StubResponse {
  status?: number;
  /** JSON body; with a non-JSON Content-Type header, a string sent as it is (CSV files). */
  body?: unknown;
  /** Response headers (`x-event-sequence`, `Content-Disposition`...). */
  headers?: Record<string, string>;
}
export type StubHandler = (request: {
  method: string;
  path: string;
  query: URLSearchParams;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies as the tests read them
  body: any;
}) => StubResponse | Promise<StubResponse> | unknown;

export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Request headers as sent. */
  headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies as the tests read them
  body: any;
}

/**
 * Installs a fetch stub. Keys are "METHOD /api/path" (path without query); a key may end with
 * `*` to match a prefix. A handler's return value is the JSON body (status 200) unless it is
 * `{ status, body }`. Unknown routes answer `unknownRoute`: 404 unless told.
 */
export type StubRoutes = Record<
  string,
  StubHandler | StubResponse | unknown[] | Record<string, unknown> | string | number | null
>;

export function stubFetch(
  routes: StubRoutes,
  { unknownRoute = { status: 404, body: { message: 'Not found' } } }: { unknownRoute?: StubResponse } = {},
) {
  const calls: FetchCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    let handler: unknown = routes[key];
    if (handler === undefined) {
      const prefix = Object.keys(routes).find((k) => k.endsWith('*') && key.startsWith(k.slice(0, -1)));
      handler = prefix ? routes[prefix] : undefined;
    }
    let result: StubResponse;
    if (handler === undefined) result = unknownRoute;
    else {
      const out = typeof handler === 'function' ? await (handler as StubHandler)(call) : handler;
      result =
        out &&
        typeof out === 'object' &&
        'status' in (out as object) &&
        typeof (out as StubResponse).status === 'number'
          ? (out as StubResponse)
          : { status: 200, body: out };
    }
    const status = result.status ?? 200;
    const headers = new Map(Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const raw =
      typeof result.body === 'string' && !(headers.get('content-type') ?? 'application/json').includes('json');
    const text = result.body === undefined ? '' : raw ? (result.body as string) : JSON.stringify(result.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      text: async () => text,
      json: async () => JSON.parse(text),
      blob: async () => new Blob([text], { type: headers.get('content-type') ?? 'application/octet-stream' }),
    };
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return { calls, fetchMock };
}

/**
 * Sets today to `day` (YYYY-MM-DD), at noon local time, with jest's modern fake timers: only
 * `Date` is faked, timers, microtasks and animation frames stay real, so queries and user events
 * run as in the browser. Undo with `jest.useRealTimers()`.
 */
export function setToday(day: string) {
  jest.useFakeTimers({
    now: new Date(`${day}T12:00:00`),
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
      'hrtime',
      'requestIdleCallback',
      'cancelIdleCallback',
    ],
  });
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', route = '/' }: { path?: string; route?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<div>Elsewhere</div>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/**
 * A screen's usual test start: `fetch` stubbed with `routes` (an entry of `overrides` replaces the
 * route of the same key), a user-event user, and `ui` rendered with the providers.
 */
export function renderWithStubs(ui: ReactElement, routes: StubRoutes, overrides: StubRoutes = {}) {
  const stub = stubFetch({ ...routes, ...overrides });
  const user = userEvent.setup();
  const view = renderWithProviders(ui);
  return { ...stub, user, ...view };
}
