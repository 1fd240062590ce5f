import { occurrenceIndex, occurrenceKey } from './schedule-occurrence';

describe('schedule occurrence keys', () => {
  it('the first occurrence is the month itself, later ones are numbered from 2', () => {
    expect(occurrenceKey('2026-11', 0)).toBe('2026-11');
    expect(occurrenceKey('2026-11', 1)).toBe('2026-11#2');
    expect(occurrenceKey('2026-11', 4)).toBe('2026-11#5');
  });

  it('reads back the index, a plain month (every older row) being the first', () => {
    expect(occurrenceIndex('2026-11')).toBe(0);
    expect(occurrenceIndex('2026-11#2')).toBe(1);
    expect(occurrenceIndex(occurrenceKey('2027-01', 2))).toBe(2);
  });
});
