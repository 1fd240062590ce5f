import { decimalPlaces, parseJsonBody } from './json-body';
import { REQUEST_MESSAGES } from './request-messages';

const parse = (text: string | Buffer) => parseJsonBody(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
const refusal = (text: string | Buffer) => {
  try {
    parse(text);
  } catch (err) {
    return { status: (err as { statusCode: number }).statusCode, message: (err as Error).message };
  }
  return null;
};

describe('parseJsonBody', () => {
  it('parses ordinary JSON, astral characters and escaped pairs included', () => {
    expect(parse('{"payee":"Café 😀","notes":"\\ud83d\\ude00","amount":-12.34,"ids":[1,2]}')).toEqual({
      payee: 'Café 😀',
      notes: '😀',
      amount: -12.34,
      ids: [1, 2],
    });
  });

  it.each([
    ['a lone high surrogate escape', '{"payee":"a\\ud800b"}'],
    ['a lone low surrogate escape', '{"notes":"\\udc00"}'],
    ['a reversed pair', '{"notes":"\\ude00\\ud83d"}'],
    ['a lone surrogate in a key', '{"\\ud800":1}'],
    ['a lone surrogate deep in an array', '{"rows":[{"payee":"ok"},{"payee":["\\udbff"]}]}'],
  ])('refuses %s with 400', (_label, text) => {
    expect(refusal(text)).toEqual({ status: 400, message: REQUEST_MESSAGES.invalidUnicode });
  });

  it.each([
    ['a stray continuation byte', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d])],
    ['a truncated sequence', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')])],
    ['an overlong encoding', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])],
    [
      'a surrogate encoded in UTF-8 (CESU)',
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    ],
    ['latin-1 text', Buffer.from('{"a":"caf\xe9"}', 'latin1')],
  ])('refuses invalid UTF-8: %s', (_label, bytes) => {
    expect(refusal(bytes)).toEqual({ status: 400, message: REQUEST_MESSAGES.invalidUnicode });
  });

  it.each(['12.340000000000000001', '0.001', '-1.005', '1.23456e2', '5e-3', '1.5E-2'])(
    'refuses the number %s (more than 2 decimals)',
    (n) => {
      expect(refusal(`{"amount":${n}}`)).toEqual({ status: 400, message: REQUEST_MESSAGES.tooManyDecimals });
      expect(refusal(`[{"x":{"target_amount":${n}}}]`)).toEqual({
        status: 400,
        message: REQUEST_MESSAGES.tooManyDecimals,
      });
    },
  );

  it.each([
    ['12.34', 12.34],
    ['12.340', 12.34],
    ['-0.5', -0.5],
    ['1e2', 100],
    ['1.234e2', 123.4],
    ['1.2345e2', 123.45],
    ['100', 100],
    ['1.0', 1],
    ['0', 0],
  ])('accepts %s', (n, value) => {
    expect(parse(`{"amount":${n}}`)).toEqual({ amount: value });
  });

  it('judges numbers only outside strings', () => {
    expect(parse('{"notes":"pi is 3.14159 \\" 2.71828","amount":1}')).toEqual({
      notes: 'pi is 3.14159 " 2.71828',
      amount: 1,
    });
    // Text that looks like neither (the scan is skipped) and text that looks like one in a string.
    expect(parse('{"payee":"7ELEVEN 1e","amount":-1.5}')).toEqual({ payee: '7ELEVEN 1e', amount: -1.5 });
    expect(refusal('{"payee":"Store 1e5","amount":-1.505}')?.message).toBe(REQUEST_MESSAGES.tooManyDecimals);
    expect(refusal('{"payee":"Store","amount":-15e-3}')?.message).toBe(REQUEST_MESSAGES.tooManyDecimals);
    expect(parse('{"key":"a1e3","notes":"x \\" 1.234 \\\\","amount":1.5e1,"n":[1.25,2e-2]}')).toEqual({
      key: 'a1e3',
      notes: 'x " 1.234 \\',
      amount: 15,
      n: [1.25, 0.02],
    });
    expect(refusal('{"key":"a1e3","notes":"x \\" 1.2 \\\\","amount":[1.5,0.125]}')?.message).toBe(
      REQUEST_MESSAGES.tooManyDecimals,
    );
  });

  it('refuses prototype poisoning, invalid and empty JSON', () => {
    expect(refusal('{"a":1,"__proto__":{"admin":true}}')?.message).toBe(REQUEST_MESSAGES.forbiddenKey);
    expect(refusal('{"constructor":{"prototype":{"admin":true}}}')?.message).toBe(REQUEST_MESSAGES.forbiddenKey);
    expect(refusal('{"a":')?.message).toBe(REQUEST_MESSAGES.invalidJson);
    expect(refusal('  ')?.message).toBe(REQUEST_MESSAGES.emptyJson);
  });

  it('counts the decimals a literal carries', () => {
    expect(decimalPlaces('340', 0)).toBe(2);
    expect(decimalPlaces('5', -3)).toBe(4);
    expect(decimalPlaces('', 2)).toBe(-2);
  });
});
