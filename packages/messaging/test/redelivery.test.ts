import { DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER } from '../src/inprocess-bus';
import { NATS_ACK_WAIT_MS } from '../src/nats-bus';
import { FIRST_RETRY_MS, retryDelayMs } from '../src/redelivery';

/** The redelivery rule itself; the adapters' use of it is in the bus contract (test/bus-contract.ts). */
describe('retryDelayMs', () => {
  test('the first retry comes soon, each further one waits twice as long, never longer than the ack wait', () => {
    const waits = [1, 2, 3, 4, 5, 6, 40].map((delivery) => retryDelayMs(delivery, DEFAULT_ACK_WAIT_MS));
    expect(waits).toEqual([
      FIRST_RETRY_MS,
      2 * FIRST_RETRY_MS,
      4 * FIRST_RETRY_MS,
      8 * FIRST_RETRY_MS,
      16 * FIRST_RETRY_MS,
      DEFAULT_ACK_WAIT_MS,
      DEFAULT_ACK_WAIT_MS,
    ]);
    expect(retryDelayMs(1, 100)).toBe(100);
  });

  test('the waits before the last default delivery add up to more than 10 s on both adapters (a short outage is not poison)', () => {
    const before = (ackWaitMs: number) =>
      Array.from({ length: DEFAULT_MAX_DELIVER - 1 }, (_, i) => retryDelayMs(i + 1, ackWaitMs)).reduce(
        (a, b) => a + b,
        0,
      );
    expect(before(DEFAULT_ACK_WAIT_MS)).toBeGreaterThan(10_000);
    expect(before(NATS_ACK_WAIT_MS)).toBeGreaterThan(10_000);
  });
});
