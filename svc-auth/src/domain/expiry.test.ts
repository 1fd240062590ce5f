import {
  accessTokenLifetime,
  addMs,
  INVITATION_LIFETIME_MS,
  isSessionLive,
  isTokenUsable,
  PASSWORD_RESET_LIFETIME_MS,
  SESSION_MAX_AGE_MS,
} from './expiry';

const now = new Date('2025-03-10T12:00:00Z');

describe('lifetimes', () => {
  it('are 7 days for invitations, 1 hour for resets, 24 hours for sessions', () => {
    expect(INVITATION_LIFETIME_MS).toBe(604_800_000);
    expect(PASSWORD_RESET_LIFETIME_MS).toBe(3_600_000);
    expect(SESSION_MAX_AGE_MS).toBe(86_400_000);
  });
});

describe('isTokenUsable', () => {
  const fresh = { expires_at: addMs(now, 1000), used_at: null, cancelled_at: null };
  it('accepts an unused, uncancelled token before its expiry', () => expect(isTokenUsable(fresh, now)).toBe(true));
  it('refuses at and after the expiry instant', () => {
    expect(isTokenUsable({ ...fresh, expires_at: now }, now)).toBe(false);
    expect(isTokenUsable({ ...fresh, expires_at: addMs(now, -1) }, now)).toBe(false);
  });
  it('refuses used or cancelled tokens', () => {
    expect(isTokenUsable({ ...fresh, used_at: now }, now)).toBe(false);
    expect(isTokenUsable({ ...fresh, cancelled_at: now }, now)).toBe(false);
  });
  it('treats a missing cancelled_at (reset tokens) as not cancelled', () => {
    expect(isTokenUsable({ expires_at: addMs(now, 1), used_at: null }, now)).toBe(true);
  });
});

describe('isSessionLive', () => {
  it('is live until revoked or capped', () => {
    expect(isSessionLive({ expires_at: addMs(now, 1), revoked_at: null }, now)).toBe(true);
    expect(isSessionLive({ expires_at: now, revoked_at: null }, now)).toBe(false);
    expect(isSessionLive({ expires_at: addMs(now, 1000), revoked_at: now }, now)).toBe(false);
  });
});

describe('accessTokenLifetime', () => {
  it('is the configured lifetime while the session has longer left', () => {
    expect(accessTokenLifetime(now, addMs(now, SESSION_MAX_AGE_MS), 900)).toBe(900);
  });
  it('is cut short by the session cap', () => {
    expect(accessTokenLifetime(now, addMs(now, 60_500), 900)).toBe(60);
  });
  it('is 0 once the session has ended', () => {
    expect(accessTokenLifetime(now, now, 900)).toBe(0);
    expect(accessTokenLifetime(now, addMs(now, -5000), 900)).toBe(0);
  });
});
