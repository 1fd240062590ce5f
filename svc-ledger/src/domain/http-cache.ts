/**
 * HTTP revalidation and content negotiation for the cached full register: the entity tag of an
 * account's register version, `If-None-Match` (weak comparison, as RFC 9110 wants for GET) and
 * whether `Accept-Encoding` allows gzip.
 */

/** `"<account id>-<register version>"`: the same for every encoding (no Range support, so no byte offsets depend on it). */
export function registerEtag(accountId: number, version: string): string {
  return `"${accountId}-${version}"`;
}

/** True when an If-None-Match header names `etag` (weakly: `W/"x"` matches `"x"`) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  for (const m of ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (m[1] === opaque) return true;
  }
  return false;
}

/** The q-values an Accept-Encoding header gives, by coding (lower case; `*` included). */
function qualities(acceptEncoding: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number.isFinite(Number(m[1])) ? Number(m[1]) : 0;
    }
    if (name.trim() !== '') out.set(name.trim(), q);
  }
  return out;
}

/** True when the client accepts a gzip body: `gzip` (or `x-gzip`) with q > 0, or `*` when gzip is not named. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const q = qualities(acceptEncoding);
  const named = q.get('gzip') ?? q.get('x-gzip');
  return (named ?? q.get('*') ?? 0) > 0;
}
