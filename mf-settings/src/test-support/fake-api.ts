/**
 * A stand-in for the network edge in component tests: `global.fetch` answers like the gateway
 * would (JSON bodies, `{ message }` on errors), from a table of `METHOD /api/path` routes.
 * Everything above fetch (app-kit's apiFetch, react-query, the screens) runs for real.
 */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeRoute = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

export function reply(body: unknown, status = 200): FakeReply {
  return { status, body };
}

export function failure(status: number, message?: string): FakeReply {
  return { status, body: message === undefined ? undefined : { message } };
}

export function installFakeApi(initial: Record<string, FakeRoute> = {}) {
  const routes = new Map<string, FakeRoute>(Object.entries(initial));
  const calls: FakeRequest[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(request);
    const route = routes.get(`${method} ${url.pathname}`);
    const answer: FakeReply =
      route === undefined ? failure(404, 'Not found.') : typeof route === 'function' ? await route(request) : route;
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(),
      text: async () => text,
    } as unknown as Response;
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return {
    calls,
    /** Adds or replaces a route, e.g. `on('DELETE /api/themes/7', reply({ message: 'ok' }))`. */
    on(route: string, answer: FakeRoute) {
      routes.set(route, answer);
    },
    /** The calls made to one route, e.g. `callsTo('PUT /api/themes/preference')`. */
    callsTo(route: string) {
      return calls.filter((c) => `${c.method} ${c.path}` === route);
    },
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;
