import { pgArray } from './db';

describe('pgArray', () => {
  it('writes PostgreSQL array literals: numbers, booleans, NULL, strings always quoted and escaped', () => {
    expect(pgArray([])).toBe('{}');
    expect(pgArray([1, -2, 0, 12345678901])).toBe('{1,-2,0,12345678901}');
    expect(pgArray([true, false, null])).toBe('{t,f,NULL}');
    expect(pgArray([null, undefined, null])).toBe('{NULL,NULL,NULL}');
    expect(pgArray(['', 'NULL', 'a,b', 'say "hi"', 'back\\slash', '{x}', ' sp '])).toBe(
      '{"","NULL","a,b","say \\"hi\\"","back\\\\slash","{x}"," sp "}',
    );
    expect(pgArray(['2024-01-15', null])).toBe('{"2024-01-15",NULL}');
    expect(() => pgArray([Number.NaN])).toThrow('not a finite number');
  });
});

describe('pgArray against PostgreSQL', () => {
  it('reads back as the same values', async () => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: process.env.TEST_PG_URL });
    await client.connect();
    try {
      const texts = [
        '',
        'NULL',
        'null',
        'a,b',
        'say "hi"',
        'back\\slash \\"',
        '{x}',
        ' sp ',
        'Café 😀',
        'tab\there',
        null,
      ];
      const ints = [1, -2, null, 2147483647];
      const result = await client.query(
        'SELECT $1::text[] AS t, $2::int[] AS i, $3::bool[] AS b, $4::date[]::text[] AS d',
        [pgArray(texts), pgArray(ints), pgArray([true, false, null]), pgArray(['2024-02-29', null])],
      );
      expect(result.rows[0]).toEqual({ t: texts, i: ints, b: [true, false, null], d: ['2024-02-29', null] });
    } finally {
      await client.end();
    }
  });
});
