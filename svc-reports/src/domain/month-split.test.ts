import { addDays } from '@hf/calendar';
import { EMPTY, splitByMonths } from './month-split';

const days = (span: [string, string]): string[] => {
  const out: string[] = [];
  for (let d = span[0]; d <= span[1]; d = addDays(d, 1)) out.push(d);
  return out;
};

describe('splitByMonths', () => {
  it('reads a range of whole months from the sums only', () => {
    expect(splitByMonths('2026-01-01', '2026-03-31')).toEqual({
      head: EMPTY,
      months: ['2026-01-01', '2026-03-31'],
      tail: EMPTY,
    });
  });

  it('reads the partial months at both ends from the rows', () => {
    expect(splitByMonths('2025-11-24', '2026-11-23')).toEqual({
      head: ['2025-11-24', '2025-11-30'],
      months: ['2025-12-01', '2026-10-31'],
      tail: ['2026-11-01', '2026-11-23'],
    });
  });

  it('reads a range inside one month, or across two partial months, from the rows only', () => {
    expect(splitByMonths('2026-02-03', '2026-02-20')).toEqual({
      head: ['2026-02-03', '2026-02-20'],
      months: EMPTY,
      tail: EMPTY,
    });
    expect(splitByMonths('2026-01-15', '2026-02-27')).toEqual({
      head: ['2026-01-15', '2026-02-27'],
      months: EMPTY,
      tail: EMPTY,
    });
    expect(splitByMonths('2026-03-05', '2026-03-05')).toEqual({
      head: ['2026-03-05', '2026-03-05'],
      months: EMPTY,
      tail: EMPTY,
    });
  });

  it('ends on the last day of February in leap and other years', () => {
    expect(splitByMonths('2024-02-01', '2024-02-29').months).toEqual(['2024-02-01', '2024-02-29']);
    expect(splitByMonths('2025-02-01', '2025-02-28').months).toEqual(['2025-02-01', '2025-02-28']);
    expect(splitByMonths('2025-02-01', '2025-02-27')).toEqual({
      head: ['2025-02-01', '2025-02-27'],
      months: EMPTY,
      tail: EMPTY,
    });
  });

  it('covers every day of the range exactly once, whole months whole', () => {
    const starts = ['2023-12-31', '2024-01-01', '2024-01-02', '2024-02-29', '2024-03-15'];
    const ends = ['2024-03-31', '2024-04-01', '2024-04-30', '2024-12-31', '2025-01-01', '2024-03-16'];
    for (const start of starts)
      for (const end of ends) {
        if (start > end) continue;
        const split = splitByMonths(start, end);
        const covered = [split.head, split.months, split.tail].flatMap((s) => (s[0] <= s[1] ? days(s) : []));
        expect(covered).toEqual(days([start, end]));
        if (split.months[0] <= split.months[1]) {
          expect(split.months[0].endsWith('-01')).toBe(true);
          expect(addDays(split.months[1], 1).endsWith('-01')).toBe(true);
        }
      }
  });
});
