import { Pool } from 'undici';

/**
 * The gateway's two calls to svc-auth's internal API (`x-internal-token`, never routed from
 * outside): renew an access token past half-life, and list sessions revoked recently.
 */
export class AuthClient {
  private readonly pool: Pool;
  /** One renewal per old token at a time: parallel requests carrying it get the same new token. */
  private readonly renewals = new Map<string, { promise: Promise<string | null>; at: number }>();

  constructor(
    authUrl: string,
    private readonly internalToken: string,
    private readonly timeoutMs = 5_000,
  ) {
    this.pool = new Pool(new URL(authUrl).origin, {
      connections: 16,
      keepAliveTimeout: 30_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  /** Renewals remembered (running, or finished less than 30 s ago; swept past 1,000). */
  get renewalsHeld(): number {
    return this.renewals.size;
  }

  /** A fresh access token for `accessToken`, or null when svc-auth refuses (revoked, capped) or is down. */
  renew(accessToken: string): Promise<string | null> {
    const now = Date.now();
    const running = this.renewals.get(accessToken);
    if (running && now - running.at < 30_000) return running.promise;
    if (this.renewals.size > 1_000) {
      for (const [token, entry] of this.renewals) if (now - entry.at >= 30_000) this.renewals.delete(token);
    }
    const promise = this.post('/internal/sessions/renew', { access_token: accessToken }).then(
      (body) =>
        body && typeof (body as { access_token?: unknown }).access_token === 'string'
          ? (body as { access_token: string }).access_token
          : null,
      () => null,
    );
    this.renewals.set(accessToken, { promise, at: now });
    return promise;
  }

  /** Ids of the sessions revoked since `since`. Throws when svc-auth cannot answer. */
  async revokedSince(since: Date): Promise<RevokedSession[]> {
    const { statusCode, body } = await this.pool.request({
      method: 'GET',
      path: `/internal/sessions/revoked?since=${encodeURIComponent(since.toISOString())}`,
      headers: { 'x-internal-token': this.internalToken, accept: 'application/json' },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    const payload = (await body.json().catch(() => null)) as unknown;
    if (statusCode !== 200) throw new Error(`svc-auth answered ${statusCode} to the revoked-sessions query`);
    return sessionIdsOf(payload);
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private async post(path: string, json: unknown): Promise<unknown> {
    const { statusCode, body } = await this.pool.request({
      method: 'POST',
      path,
      headers: {
        'x-internal-token': this.internalToken,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(json),
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    const payload = (await body.json().catch(() => null)) as unknown;
    return statusCode === 200 ? payload : null;
  }
}

export interface RevokedSession {
  id: string;
  /** When it was revoked (ms since epoch), when svc-auth says so. */
  revokedAt?: number;
}

/**
 * svc-auth answers `{ sessions: [{ id, revoked_at, expires_at }], as_of }`; a bare array of ids
 * or `{ session_ids: [...] }` is accepted too.
 */
export function sessionIdsOf(payload: unknown): RevokedSession[] {
  const record =
    payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  const list = Array.isArray(payload) ? payload : (record?.sessions ?? record?.session_ids);
  if (!Array.isArray(list)) throw new Error('Unexpected answer to the revoked-sessions query');
  const out: RevokedSession[] = [];
  for (const item of list) {
    if (typeof item === 'string' && item !== '') {
      out.push({ id: item });
    } else if (item && typeof item === 'object') {
      const { id, session_id, revoked_at } = item as Record<string, unknown>;
      const sid = typeof id === 'string' ? id : typeof session_id === 'string' ? session_id : undefined;
      if (!sid) continue;
      const at = typeof revoked_at === 'string' ? Date.parse(revoked_at) : Number.NaN;
      out.push(Number.isFinite(at) ? { id: sid, revokedAt: at } : { id: sid });
    }
  }
  return out;
}
