import { etagMatches, registerEtag } from './http-cache';

describe('register entity tags', () => {
  const etag = registerEtag(12, '1767225600123456');

  it('is "<account id>-<version>"', () => expect(etag).toBe('"12-1767225600123456"'));

  it.each([
    ['the same tag', '"12-1767225600123456"', true],
    ['the weak form of it', 'W/"12-1767225600123456"', true],
    ['it in a list', '"1-2", W/"12-1767225600123456" , "x"', true],
    ['any', '*', true],
    ['another version', '"12-1767225600123457"', false],
    ['another account', '"13-1767225600123456"', false],
    ['a prefix', '"12-176722560012345"', false],
    ['unquoted', '12-1767225600123456', false],
    ['nothing', undefined, false],
    ['empty', '', false],
  ])('If-None-Match with %s -> %s', (_label, header, expected) => expect(etagMatches(header, etag)).toBe(expected));
});
