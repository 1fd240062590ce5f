import { decodeCursor, encodeCursor } from './cursor';

describe('register cursors', () => {
  it('round-trip a position', () => {
    const position = { date: '2025-02-28', createdMicros: '1767225600123456', id: 42 };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });
  it.each([
    ['not base64url', 'a b'],
    ['empty', ''],
    ['wrong shape', Buffer.from('hello').toString('base64url')],
    ['id out of range', Buffer.from('2025-01-01|1|99999999999').toString('base64url')],
    ['id zero', Buffer.from('2025-01-01|1|0').toString('base64url')],
    ['too long', 'A'.repeat(201)],
  ])('refuses %s', (_label, cursor) => expect(decodeCursor(cursor)).toBeNull());
});
