import { randomBytes } from 'node:crypto';
import {
  decryptSecret,
  encryptSecret,
  generateToken,
  hashToken,
  looksLikeToken,
  parseSecretKey,
  sameHash,
} from './tokens';

describe('generateToken', () => {
  it('makes 256-bit base64url tokens that differ every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) {
      expect(looksLikeToken(t)).toBe(true);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    }
  });
});

describe('hashToken', () => {
  it('is a stable sha256 hex digest that does not contain the token', () => {
    const token = generateToken();
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(token)).not.toBe(hashToken(generateToken()));
    expect(sameHash(hashToken('a'), hashToken('a'))).toBe(true);
    expect(sameHash(hashToken('a'), hashToken('b'))).toBe(false);
  });
});

describe('looksLikeToken', () => {
  it.each(['', 'short', 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`, `${'a'.repeat(42)}\u0000`])(
    'refuses %j',
    (t) => {
      expect(looksLikeToken(t)).toBe(false);
    },
  );
});

describe('parseSecretKey', () => {
  const raw = randomBytes(32);
  it('reads 64 hex characters', () => expect(parseSecretKey(raw.toString('hex')).equals(raw)).toBe(true));
  it('reads base64 and base64url', () => {
    expect(parseSecretKey(raw.toString('base64')).equals(raw)).toBe(true);
    expect(parseSecretKey(raw.toString('base64url')).equals(raw)).toBe(true);
  });
  it.each(['', 'abc', randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), 'z'.repeat(64)])(
    'fails fast on %j',
    (text) => {
      expect(() => parseSecretKey(text)).toThrow(/INVITATION_KEY must be a 32-byte secret/);
    },
  );
});

describe('encryptSecret / decryptSecret', () => {
  const key = randomBytes(32);
  it('round-trips with the same key and context, with a fresh IV each time', () => {
    const a = encryptSecret('token-1', key, 'ctx');
    const b = encryptSecret('token-1', key, 'ctx');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token-1');
    expect(decryptSecret(a, key, 'ctx')).toBe('token-1');
  });
  it('refuses another key, another context, tampering and garbage', () => {
    const sealed = encryptSecret('token-1', key, 'ctx');
    expect(decryptSecret(sealed, randomBytes(32), 'ctx')).toBeNull();
    expect(decryptSecret(sealed, key, 'other')).toBeNull();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(
      decryptSecret([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), key, 'ctx'),
    ).toBeNull();
    expect(decryptSecret('v1.x.y', key, 'ctx')).toBeNull();
    expect(decryptSecret('v2.a.b.c', key, 'ctx')).toBeNull();
    expect(decryptSecret('v1.AAAA.AAAA.AAAA', key, 'ctx')).toBeNull();
  });
});
