// jsdom lacks TextEncoder/TextDecoder and Request, which react-router 7's data router uses.
// Imported before anything else by render-shell.tsx.
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as unknown as Record<string, unknown>;
g.TextEncoder ??= TextEncoder;
g.TextDecoder ??= TextDecoder;

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
  constructor(input: string | URL, init: { method?: string; signal?: AbortSignal; headers?: unknown; body?: unknown } = {}) {
    this.url = String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.signal = init.signal;
    this.headers = init.headers;
    this.body = init.body;
  }
}
g.Request ??= NavigationRequest;
