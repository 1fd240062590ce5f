import { AUTH_MESSAGES } from '@hf/contracts';
import { cleanName, isValidEmail, normalizeEmail, ownHouseholdName, passwordProblem } from './credentials';

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => expect(normalizeEmail('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com'));
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'ann.lee+budget@example.com', 'x_y@sub.domain.org', 'ü@exämple.de'])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a b@example.com',
    'a@b..com',
    'a@.b.com',
    'a@b.com.',
    'a@@b.com',
    'a@b.c\u0000m',
    `${'a'.repeat(65)}@b.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %j', (e) => expect(isValidEmail(e)).toBe(false));
});

describe('passwordProblem', () => {
  it('wants 8 or more characters', () => {
    expect(passwordProblem('1234567')).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(passwordProblem('12345678')).toBeNull();
  });
  it('counts characters, not UTF-16 units, for the minimum', () => {
    expect(passwordProblem('😀😀😀😀')).toBe(AUTH_MESSAGES.passwordTooShort);
  });
  it('refuses more than 72 bytes (bcrypt would silently ignore the rest)', () => {
    expect(passwordProblem('a'.repeat(72))).toBeNull();
    expect(passwordProblem('a'.repeat(73))).toBe(AUTH_MESSAGES.passwordTooLong);
    expect(passwordProblem('é'.repeat(37))).toBe(AUTH_MESSAGES.passwordTooLong);
  });
});

describe('names', () => {
  it('cleans white space', () => expect(cleanName('  Ann   Lee \t')).toBe('Ann Lee'));
  it('names a personal household', () => expect(ownHouseholdName('Ann')).toBe("Ann's Household"));
});
