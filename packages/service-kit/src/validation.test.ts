import Type from 'typebox';
import { Id, Name, hasVisibleCharacter, normalizeName } from '@hf/contracts';
import { validatorCompiler } from './validation';
import { urlIsValidUnicode } from './request-guards';

type V = ((data: unknown) => boolean) & { errors?: Array<{ keyword: string; instancePath: string; message: string }> };
const compile = (schema: unknown, httpPart: string) =>
  validatorCompiler({ schema, httpPart, method: 'GET', url: '/' } as never) as unknown as V;

describe('path and query numbers are canonical decimal text', () => {
  const params = compile(Type.Object({ id: Id }), 'params');
  const query = compile(
    Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 1 })),
      ids: Type.Optional(Type.Array(Id)),
      before: Type.Optional(Type.String()),
    }),
    'querystring',
  );

  it.each(['1', '42', '2147483647'])('accepts %s', (id) => {
    const data = { id };
    expect(params(data)).toBe(true);
    expect(data.id).toBe(Number(id));
  });

  it.each(['1.0', '01', '0x1', '1e0', '+1', ' 1', '1 ', '0b1', '1_0', '', '１'])('refuses %j', (id) => {
    expect(params({ id })).toBe(false);
    expect(params.errors?.[0]).toMatchObject({ keyword: 'canonical', instancePath: '/id' });
    expect(query({ limit: id })).toBe(false);
    expect(query({ ids: ['1', id] })).toBe(false);
  });

  it('leaves string properties alone', () => {
    expect(query({ before: '01', limit: '5' })).toBe(true);
  });
});

describe('names', () => {
  const body = compile(
    Type.Object(
      {
        name: Name(20, 'Name is required.'),
        rows: Type.Optional(Type.Array(Type.Object({ name: Name(20, 'Row name is required.') }))),
      },
      { additionalProperties: false },
    ),
    'body',
  );

  it.each([
    '',
    '   ',
    '\u200b\u200b',
    '\u202e\u202c',
    '\u2060',
    '\u3164',
    '\u00ad',
    '\u2800',
    '\ufeff',
    '\u0301',
    '\t\n',
  ])('refuses %j with the schema message', (name) => {
    expect(body({ name })).toBe(false);
    expect(body.errors?.[0]).toMatchObject({ keyword: 'name', message: 'Name is required.' });
  });

  it('checks nested names and refuses before other checks of the body', () => {
    expect(body({ name: 'ok', rows: [{ name: 'x' }, { name: '\u200d' }] })).toBe(false);
    expect(body.errors?.[0]).toMatchObject({ instancePath: '/rows/1/name', message: 'Row name is required.' });
    expect(body({ name: '\u200b', extra: 1 })).toBe(false);
    expect(body.errors?.[0].keyword).toBe('name');
  });

  it('NFC-normalises names', () => {
    const data = { name: 'Cafe\u0301' };
    expect(body(data)).toBe(true);
    expect(data.name).toBe('Caf\u00e9');
  });

  it('hasVisibleCharacter / normalizeName', () => {
    expect(hasVisibleCharacter('\u200bA')).toBe(true);
    expect(hasVisibleCharacter('€')).toBe(true);
    expect(hasVisibleCharacter('\u200b \u200c')).toBe(false);
    expect(normalizeName('  Cafe\u0301   Bar ')).toBe('Caf\u00e9 Bar');
    expect(normalizeName('\u200b \u2066')).toBe('');
  });
});

describe('URL text', () => {
  it.each(['/api/accounts/1', '/api/payees/?q=caf%C3%A9', '/api/x?q=%F0%9F%98%80', '/api/x?q=café', '/api/x?q=100%'])(
    'accepts %s',
    (url) => expect(urlIsValidUnicode(url)).toBe(true),
  );
  it.each(['/api/x?q=%ED%A0%80', '/api/x?q=%FF', '/api/x/%C3', '/api/x?q=%C0%AF', '/api/x?q=\ud800'])(
    'refuses %s',
    (url) => expect(urlIsValidUnicode(url)).toBe(false),
  );
});
