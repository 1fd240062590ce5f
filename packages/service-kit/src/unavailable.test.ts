import { isUnavailableError } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isUnavailableError', () => {
  it('recognises a dependency that is down or restarting', () => {
    expect(isUnavailableError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isUnavailableError(withCode('the database system is shutting down', '57P03'))).toBe(true);
    expect(isUnavailableError(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    // node-postgres: a pooled client whose connection was cut by a PostgreSQL restart (no code).
    expect(isUnavailableError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves every other error a 500', () => {
    expect(isUnavailableError(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isUnavailableError(withCode('Connection terminated unexpectedly', 'XX000'))).toBe(false);
    expect(isUnavailableError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isUnavailableError('Connection terminated unexpectedly')).toBe(false);
  });
});
