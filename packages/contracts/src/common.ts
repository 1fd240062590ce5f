import Type, { type Static } from 'typebox';

/** The `{ message }` every 4xx/5xx and many successes carry, as the spec's client reads it. */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** Database ids are positive integers. Path params arrive as text and are coerced. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** `integer | null` as one JSON-schema type (fast to serialise, unlike anyOf). */
export const NullableId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 2147483647 });
export const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

/** A calendar date `YYYY-MM-DD` (validity beyond the shape is checked in the domain). */
export const CalendarDateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** Text a person types: bounded, no NUL bytes. */
export const Text = (maxLength: number, minLength = 0) =>
  Type.String({ maxLength, minLength, pattern: '^[^\\u0000]*$' });
/** A decimal money amount as the API speaks it; at most 2 decimals is checked by @hf/money. */
export const Amount = Type.Number({ minimum: -1e12, maximum: 1e12 });

/** Header a write answers with: the producer's event sequence, for read-your-writes. */
export const EVENT_SEQUENCE_HEADER = 'x-event-sequence';
/** Header a read may carry to wait until a read model has applied that sequence. */
export const MIN_SEQUENCE_HEADER = 'x-min-sequence';
/** Header the shell sends with the household's local date. */
export const CLIENT_DATE_HEADER = 'x-client-date';
