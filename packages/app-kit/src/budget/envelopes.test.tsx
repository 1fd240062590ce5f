import { envelopeProgress } from './envelopes';

describe('envelopeProgress (docs/rules/envelopes-and-jars.md)', () => {
  it('remaining share = (amount + rollover - spent) / (amount + rollover), to the cent', () => {
    expect(envelopeProgress({ amount: 400, rollover: 100, spent: 125 })).toEqual({
      leftCents: 37500,
      share: 0.75,
      tone: 'green',
    });
    expect(envelopeProgress({ amount: 0.1, rollover: 0.2, spent: 0.3 })).toEqual({
      leftCents: 0,
      share: 0,
      tone: 'red',
    });
  });

  it('floored at 0; 0 when the total is zero or negative', () => {
    expect(envelopeProgress({ amount: 50, rollover: 0, spent: 70 })).toMatchObject({
      leftCents: -2000,
      share: 0,
      tone: 'red',
    });
    expect(envelopeProgress({ amount: 0, rollover: 0, spent: 0 }).share).toBe(0);
    expect(envelopeProgress({ amount: 100, rollover: -150, spent: 0 })).toMatchObject({
      leftCents: -5000,
      share: 0,
      tone: 'red',
    });
    expect(envelopeProgress({ amount: 100, spent: 0 }).share).toBe(1);
  });

  it('red under 10 %, orange under 25 %, else green', () => {
    const tone = (spent: number) => envelopeProgress({ amount: 100, rollover: 0, spent }).tone;
    expect(tone(90.01)).toBe('red');
    expect(tone(90)).toBe('orange');
    expect(tone(75.01)).toBe('orange');
    expect(tone(75)).toBe('green');
    expect(tone(-20)).toBe('green');
  });
});
