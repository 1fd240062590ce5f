// jsdom lacks Request, which react-router 7's data router uses (TextEncoder comes from the
// shared jsdom setup, tools/test-kit/src/jest-web-setup.ts). Imported first by render-shell.tsx.
const g = globalThis as unknown as Record<string, unknown>;

/**
 * Enough of `Request` for client-side navigations without loaders or actions (the shell has
 * none): react-router builds one per navigation and reads its url, method and signal.
 */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal | undefined;
  readonly headers: unknown;
  readonly body: unknown;
  constructor(
    input: string | URL,
    init: { method?: string; signal?: AbortSignal; headers?: unknown; body?: unknown } = {},
  ) {
    this.url = String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.signal = init.signal;
    this.headers = init.headers;
    this.body = init.body;
  }
}
g.Request ??= NavigationRequest;
