import { TokenVerifier } from './identity';
import { testKeys, testToken } from './testing';

describe('TokenVerifier', () => {
  const start = Math.floor(Date.now() / 1000);

  it('holds each verified token once, and lets the expired ones go when it verifies the next', () => {
    let now = start;
    const verifier = new TokenVerifier(testKeys().publicKey, 10_000, () => now);
    const tokens = [1, 2, 3].map((userId) => testToken({ userId, householdId: 1 }, 900));
    for (const token of tokens) verifier.verify(token);
    expect(verifier.verify(tokens[0]).userId).toBe(1);
    expect(verifier.size).toBe(3);
    // A quarter of an hour later the three have expired; signing in again adds the new token only.
    now = start + 901;
    expect(verifier.verify(testToken({ userId: 4, householdId: 1 }, 1800)).userId).toBe(4);
    expect(verifier.size).toBe(1);
  });

  it('keeps the tokens still valid behind an expired one it meets first', () => {
    let now = start;
    const verifier = new TokenVerifier(testKeys().publicKey, 10_000, () => now);
    verifier.verify(testToken({ userId: 1, householdId: 1 }, 60));
    verifier.verify(testToken({ userId: 2, householdId: 1 }, 900));
    now = start + 61;
    verifier.verify(testToken({ userId: 3, householdId: 1 }, 900));
    expect(verifier.size).toBe(2);
  });

  it('is bounded by its number of entries, the oldest out first', () => {
    const verifier = new TokenVerifier(testKeys().publicKey, 2, () => start);
    for (const userId of [1, 2, 3]) verifier.verify(testToken({ userId, householdId: 1 }, 900));
    expect(verifier.size).toBe(2);
  });
});
