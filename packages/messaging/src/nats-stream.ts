import { nanos } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import type { StreamLimits } from './limits';
import type { MessagingLogger } from './logger';

/** The error code of a JetStream API error (e.g. stream or consumer not found). */
export function apiErrorCode(err: unknown): number | undefined {
  const apiError = (err as { apiError?: () => { err_code?: number } }).apiError?.();
  return apiError?.err_code ?? (err as { code?: number }).code;
}

const STREAM_NOT_FOUND = 10059;

/** The stream settings for `limits`, in JetStream's terms (`Infinity` = unlimited: -1, or 0 for the age). */
function limitsConfig(
  limits: StreamLimits,
  duplicateWindowMs: number,
): Pick<StreamConfig, 'max_age' | 'max_msgs' | 'max_bytes' | 'duplicate_window'> {
  return {
    max_age: Number.isFinite(limits.maxAgeMs) ? nanos(limits.maxAgeMs) : 0,
    max_msgs: Number.isFinite(limits.maxMessages) ? Math.floor(limits.maxMessages) : -1,
    max_bytes: Number.isFinite(limits.maxBytes) ? Math.floor(limits.maxBytes) : -1,
    // JetStream refuses a duplicate window longer than the maximum age.
    duplicate_window: nanos(Math.min(duplicateWindowMs, limits.maxAgeMs)),
  };
}

/**
 * Creates the stream, or widens an existing one to cover `subjects` and brings its limits to
 * `limits`. Safe when several processes start together (they all ask for the same settings).
 */
export async function ensureStream(
  jsm: JetStreamManager,
  name: string,
  subjects: string[],
  limits: StreamLimits,
  duplicateWindowMs: number,
  logger: MessagingLogger,
): Promise<void> {
  const wanted = limitsConfig(limits, duplicateWindowMs);
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await jsm.streams.info(name);
      const missing = subjects.filter((s) => !info.config.subjects?.includes(s));
      const limitsDiffer =
        info.config.max_age !== wanted.max_age ||
        info.config.max_msgs !== wanted.max_msgs ||
        info.config.max_bytes !== wanted.max_bytes;
      if (missing.length > 0 || limitsDiffer) {
        const update: StreamConfig = { ...info.config, subjects: [...(info.config.subjects ?? []), ...missing] };
        if (limitsDiffer) {
          logger.info(
            {
              stream: name,
              from: { max_age: info.config.max_age, max_msgs: info.config.max_msgs, max_bytes: info.config.max_bytes },
              to: { max_age: wanted.max_age, max_msgs: wanted.max_msgs, max_bytes: wanted.max_bytes },
            },
            'stream limits changed',
          );
          Object.assign(update, { max_age: wanted.max_age, max_msgs: wanted.max_msgs, max_bytes: wanted.max_bytes });
          // Kept as it was unless the new age limit is shorter (JetStream requires window <= age).
          if (wanted.max_age > 0 && info.config.duplicate_window > wanted.max_age)
            update.duplicate_window = wanted.max_age;
        }
        await jsm.streams.update(name, update);
      }
      return;
    } catch (err) {
      if (apiErrorCode(err) !== STREAM_NOT_FOUND || attempt > 2) throw err;
    }
    try {
      await jsm.streams.add({
        name,
        subjects,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        ...wanted,
      });
      return;
    } catch (err) {
      // Another process created it meanwhile: loop to read and widen it.
      if (attempt > 2) throw err;
    }
  }
}
