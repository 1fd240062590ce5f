/**
 * The network edge for component tests: jsdom has no server and no `fetch`, so `global.fetch`
 * answers from recorded responses (shapes of packages/contracts). Every call is recorded; a
 * call without a recorded answer fails the test loudly. The browser tests exercise the real API.
 */
export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface RecordedResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Answer = RecordedResponse | ((call: RecordedCall) => RecordedResponse | Promise<RecordedResponse>) | 'hang';

class FakeHeaders {
  private readonly map = new Map<string, string>();
  constructor(init: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(init)) this.map.set(k.toLowerCase(), v);
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
}

function fakeResponse({ status = 200, body, headers }: RecordedResponse) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new FakeHeaders(headers),
    text: async () => text,
    json: async () => JSON.parse(text),
  };
}

export interface FakeNetwork {
  calls: RecordedCall[];
  /** Answer `METHOD /api/path` (query string ignored); later answers replace earlier ones. */
  on(route: string, answer: Answer): FakeNetwork;
  callsTo(route: string): RecordedCall[];
}

export function installFakeNetwork(): FakeNetwork {
  const answers = new Map<string, Answer>();
  const calls: RecordedCall[] = [];
  const network: FakeNetwork = {
    calls,
    on(route, answer) {
      answers.set(route, answer);
      return network;
    },
    callsTo(route) {
      return calls.filter((c) => `${c.method} ${c.path}` === route);
    },
  };
  (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: RecordedCall = { method, path, url, headers: { ...(init.headers as Record<string, string>) }, body };
    calls.push(call);
    const answer = answers.get(`${method} ${path}`);
    if (answer === undefined) throw new Error(`No recorded response for ${method} ${path}`);
    if (answer === 'hang') {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    return fakeResponse(typeof answer === 'function' ? await answer(call) : answer);
  });
  return network;
}
