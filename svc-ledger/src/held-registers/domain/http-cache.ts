/**
 * HTTP revalidation for the cached full register: the entity tag of an account's register
 * version and `If-None-Match` (weak comparison, as RFC 9110 wants for GET). Whether
 * `Accept-Encoding` allows gzip is service-kit's `acceptsGzip`.
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
