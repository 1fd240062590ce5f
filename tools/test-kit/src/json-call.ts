/** What a JSON route answered: an empty body reads as `{}`. */
export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A request over HTTP to a running system: a JSON body if given, a bearer token if given. */
export async function callJson(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<JsonAnswer> {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}
