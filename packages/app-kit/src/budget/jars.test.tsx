import { jarProgress } from './jars';

describe('jarProgress (docs/rules/envelopes-and-jars.md)', () => {
  test.each([
    [250, 1000, 0.25],
    [1000, 1000, 1],
    [1200, 1000, 1],
    [0, 1000, 0],
    [50, 0, 0],
    [50, -10, 0],
    [-5, 100, 0],
  ])('saved %p of target %p -> %p', (saved, target, progress) => {
    expect(jarProgress(saved, target)).toBe(progress);
  });
});
