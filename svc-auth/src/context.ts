import type { Mailer } from './mail/mailer';
import type { PasswordHasher } from './passwords';
import type { SessionService } from './sessions';

/** What the routes share besides `app.db` and `app.bus`. */
export interface AuthContext {
  sessions: SessionService;
  mailer: Mailer;
  /** The public origin of the web app, without trailing slash: links in emails start with it. */
  appOrigin: string;
  bcryptCost: number;
  /** bcrypt, off the event loop. */
  passwords: PasswordHasher;
  /** A bcrypt hash of nothing anyone knows: login compares against it when the email is unknown, so both cases take as long. */
  dummyPasswordHash: string;
  invitationKey: Buffer;
  jwtPublicKey: string;
}
