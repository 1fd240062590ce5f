import { invitationLink, isValidEmail } from './invitation-link';

describe('invitationLink', () => {
  test('is the site origin, /register and the token', () => {
    expect(invitationLink('abc_DEF-123')).toBe(`${window.location.origin}/register?token=abc_DEF-123`);
    expect(invitationLink('a b', 'https://forecast.example')).toBe('https://forecast.example/register?token=a%20b');
  });
});

describe('isValidEmail', () => {
  test.each(['a@b.co', 'first.last+tag@sub.example.org', 'x@example.io'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  test.each([
    '',
    'plain',
    'a@b',
    '@example.com',
    'a@.com',
    'a@b.',
    'a b@example.com',
    'a@@example.com',
    'a@example..com',
  ])('refuses %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
