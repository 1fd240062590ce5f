import { countsAsCleared, countsAsPending, normaliseStatus } from './status';

describe('normaliseStatus', () => {
  it.each([
    ['', ''],
    ['p', 'p'],
    ['P', 'p'],
    ['x', 'x'],
    ['X', 'x'],
    [' x ', 'x'],
  ])('%j -> %j', (input, stored) => {
    expect(normaliseStatus(input)).toBe(stored);
  });
  it.each(['c', 'xx', 'pending', '1'])('refuses %j', (input) => expect(normaliseStatus(input)).toBeNull());
});

describe('balance membership', () => {
  it('pending counts p and x; cleared counts x', () => {
    expect([countsAsPending(''), countsAsPending('p'), countsAsPending('x')]).toEqual([false, true, true]);
    expect([countsAsCleared(''), countsAsCleared('p'), countsAsCleared('x')]).toEqual([false, false, true]);
  });
});
