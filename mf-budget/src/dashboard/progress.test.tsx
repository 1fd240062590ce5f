import { amountLeft, envelopeColour, jarProgress, remainingShare } from './progress';

describe('remaining share (amount + rollover - spent) / (amount + rollover)', () => {
  test.each([
    [100, 0, 25, 0.75],
    [100, 50, 30, 0.8],
    [100, -20, 40, 0.5],
    [100, 0, 100, 0],
    [100, 0, 130, 0], // overspent: floored at 0
    [0, 0, 0, 0], // total zero
    [50, -80, 0, 0], // total negative
    [100, 0, -20, 1], // refunds: never above 1
  ])('amount %p, rollover %p, spent %p -> %p', (amount, rollover, spent, share) => {
    expect(remainingShare(amount, rollover, spent)).toBeCloseTo(share, 10);
  });

  it('amount left to the cent', () => {
    expect(amountLeft(100.1, 0.2, 50.05)).toBe(50.25);
    expect(amountLeft(100, 0, 130)).toBe(-30);
  });
});

describe('jar progress saved / target', () => {
  test.each([
    [250, 1000, 0.25],
    [1000, 1000, 1],
    [0, 1000, 0],
    [50, 0, 0],
    [50, -10, 0],
  ])('saved %p, target %p -> %p', (saved, target, progress) => {
    expect(jarProgress(saved, target)).toBe(progress);
  });
});

describe('envelope colours: red under 10 %, orange under 25 %, else green', () => {
  test.each([
    [0, 'red'],
    [0.0999, 'red'],
    [0.1, 'orange'],
    [0.2499, 'orange'],
    [0.25, 'green'],
    [1, 'green'],
  ])('%p -> %p', (share, colour) => {
    expect(envelopeColour(share)).toBe(colour);
  });
});
