// svc-auth's internal API: the gateway's calls to svc-auth (header x-internal-token), never routed
// from outside.
import Type, { type Static } from 'typebox';

/** `POST /internal/sessions/renew`: a still-valid access token of a live session -> a fresh one. */
export const RenewSessionBody = Type.Object(
  { access_token: Type.String({ maxLength: 4096 }) },
  { additionalProperties: false },
);
export type RenewSessionBody = Static<typeof RenewSessionBody>;
export const RenewSessionResponse = Type.Object({ access_token: Type.String(), expires_at: Type.String() });
export type RenewSessionResponse = Static<typeof RenewSessionResponse>;

/** `GET /internal/sessions/revoked?since=ISO`: sessions revoked at or after `since` (default: 24 h ago). */
export const RevokedSessionsQuery = Type.Object(
  { since: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export const RevokedSessionsResponse = Type.Object({
  sessions: Type.Array(Type.Object({ id: Type.String(), revoked_at: Type.String(), expires_at: Type.String() })),
  /** The server's time of the answer: pass it as the next `since`. */
  as_of: Type.String(),
});
export type RevokedSessionsResponse = Static<typeof RevokedSessionsResponse>;
