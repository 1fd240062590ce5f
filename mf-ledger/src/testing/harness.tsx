/**
 * Test helpers for mf-ledger components: providers like the shell's (router + query client)
 * and a `fetch` stub at the network edge that routes "METHOD /api/path" to handlers.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

export interface StubResponse {
  status?: number;
  body?: unknown;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies as the tests read them
export type StubHandler = (request: { method: string; path: string; query: URLSearchParams; body: any }) => StubResponse | Promise<StubResponse> | unknown;

export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies as the tests read them
  body: any;
}

/**
 * Installs a fetch stub. Keys are "METHOD /api/path" (path without query); a key may end with
 * `*` to match a prefix. A handler's return value is the JSON body (status 200) unless it is
 * `{ status, body }`. Unknown routes answer 404.
 */
export function stubFetch(routes: Record<string, StubHandler | StubResponse | unknown[] | Record<string, unknown> | string | number | null>) {
  const calls: FetchCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    let handler: unknown = routes[key];
    if (handler === undefined) {
      const prefix = Object.keys(routes).find((k) => k.endsWith('*') && key.startsWith(k.slice(0, -1)));
      handler = prefix ? routes[prefix] : undefined;
    }
    let result: StubResponse;
    if (handler === undefined) result = { status: 404, body: { message: 'Not found' } };
    else {
      const out = typeof handler === 'function' ? await (handler as StubHandler)(call) : handler;
      result = out && typeof out === 'object' && 'status' in (out as object) && typeof (out as StubResponse).status === 'number' ? (out as StubResponse) : { status: 200, body: out };
    }
    const status = result.status ?? 200;
    const text = result.body === undefined ? '' : JSON.stringify(result.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: () => null },
      text: async () => text,
      json: async () => JSON.parse(text),
    };
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return { calls, fetchMock };
}

export function renderWithProviders(ui: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
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
