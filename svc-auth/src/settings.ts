/** svc-auth's settings the routes read (`app.authSettings`), checked once at start. */
export interface AuthSettings {
  /** The public origin of the web app, without trailing slash: links in emails start with it. */
  appOrigin: string;
  bcryptCost: number;
  /** A bcrypt hash of nothing anyone knows: login compares against it when the email is unknown, so both cases take as long. */
  dummyPasswordHash: string;
  /** Encrypts invitation tokens at rest. */
  invitationKey: Buffer;
  jwtPublicKey: string;
}
