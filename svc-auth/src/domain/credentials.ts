import { AUTH_MESSAGES } from '@hf/contracts';

/** Emails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A pragmatic address check (what a person means by "valid email format"): one @, a non-empty
 * local part, a dotted domain, no spaces or control characters, within RFC 5321's lengths.
 */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const match = /^([^\s@\u0000-\u001f\u007f]+)@([^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f.]+)$/.exec(email);
  if (!match) return false;
  const [, local, domain] = match;
  if (local.length > 64) return false;
  if (domain.startsWith('.') || domain.includes('..') || domain.startsWith('-')) return false;
  return true;
}

/** bcrypt reads at most 72 bytes; longer passwords would be silently cut, so they are refused. */
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_BYTES = 72;

/** The problem with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_CHARS) return AUTH_MESSAGES.passwordTooShort;
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

/** A display name: trimmed, inner runs of white space collapsed; empty means missing. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The name of the household a person gets when they register alone or are removed from one. */
export function ownHouseholdName(personName: string): string {
  return `${personName}'s Household`;
}
