/**
 * Retention limits of the event log, the same for both adapters: the in-process bus's log and
 * the JetStream stream (`retention: limits`, `discard: old`). An event is dropped once it is
 * older than `maxAgeMs`, or when keeping it would put the log over `maxMessages` or `maxBytes`
 * (oldest first), whether or not every durable has read it. A durable that was behind resumes
 * at the oldest event still held; a durable that subscribes for the first time starts there too.
 */
export interface StreamLimits {
  /** Events older than this are dropped (default 24 h). `Infinity`: no age limit. */
  maxAgeMs: number;
  /** At most this many events are held (default 100,000). `Infinity`: no count limit. */
  maxMessages: number;
  /**
   * At most this many bytes are held (default 64 MiB), counted as subject + JSON body (UTF-8);
   * JetStream adds a few dozen bytes of overhead per message. The newest event is always held.
   * `Infinity`: no size limit.
   */
  maxBytes: number;
}

export const DEFAULT_STREAM_LIMITS: Readonly<StreamLimits> = Object.freeze({
  maxAgeMs: 24 * 60 * 60 * 1000,
  maxMessages: 100_000,
  maxBytes: 64 * 1024 * 1024,
});

/** The defaults with `overrides` on top, checked: each limit is a positive number or `Infinity`. */
export function resolveStreamLimits(overrides: Partial<StreamLimits> = {}): StreamLimits {
  const limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS };
  for (const key of Object.keys(DEFAULT_STREAM_LIMITS) as Array<keyof StreamLimits>) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
      throw new Error(`Stream limit ${key} must be a positive number or Infinity (got ${String(value)}).`);
    }
    limits[key] = value;
  }
  return limits;
}
