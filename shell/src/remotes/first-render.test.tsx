import { settledWithin } from './first-render';

describe('settledWithin: how long the first render waits for the page code', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const state = (promise: Promise<void>) => {
    const seen = { settled: false };
    void promise.then(() => (seen.settled = true));
    return seen;
  };

  it('resolves as soon as the page code is in', async () => {
    let load!: () => void;
    const seen = state(settledWithin(new Promise<void>((resolve) => (load = resolve)), 1000));
    await jest.advanceTimersByTimeAsync(200);
    expect(seen.settled).toBe(false);
    load();
    await jest.advanceTimersByTimeAsync(0);
    expect(seen.settled).toBe(true);
  });

  it('resolves (does not reject) when the page code fails to load', async () => {
    const seen = state(settledWithin(Promise.reject(new Error('remoteEntry.js: 502')), 1000));
    await jest.advanceTimersByTimeAsync(0);
    expect(seen.settled).toBe(true);
  });

  it('resolves after the deadline when the page code never comes', async () => {
    const seen = state(settledWithin(new Promise<void>(() => undefined), 1000));
    await jest.advanceTimersByTimeAsync(999);
    expect(seen.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen.settled).toBe(true);
  });
});
