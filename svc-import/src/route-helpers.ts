import { Id, MappingConfig } from '@hf/contracts';
import { errorResponses, HttpError, Type, type Static } from '@hf/service-kit';
import { validatorCompiler } from '@hf/service-kit/validation';
import { StatementError } from './domain/statement';

/** The error statuses svc-import's routes answer. */
export const IMPORT_ERRORS = errorResponses(400, 401, 404, 413, 415, 503);

export const AccountParams = Type.Object({ accountId: Id }, { additionalProperties: false });
export type AccountParams = Static<typeof AccountParams>;

export const IMPORT_SERVER_MESSAGES = {
  mappingRequired: 'The field "mapping" is required: choose the columns first.',
  idempotencyKey: 'The Idempotency-Key header must be 1 to 100 visible ASCII characters.',
  keyReused: (key: string) =>
    `The Idempotency-Key "${key}" was already used with other transactions: nothing was imported. Send a new key for a new selection.`,
} as const;

const validateMapping = validatorCompiler({
  schema: MappingConfig,
  method: 'POST',
  url: '',
  httpPart: 'body',
}) as unknown as ((data: unknown) => boolean) & {
  errors?: Array<{ keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }> | null;
};

/** A MappingConfig from an upload's `mapping` field, validated like a body (400 naming the field). */
export function requireMapping(value: unknown): MappingConfig {
  if (validateMapping(value)) return value as MappingConfig;
  const first = validateMapping.errors?.[0];
  const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
  if (first?.keyword === 'additionalProperties')
    throw new HttpError(400, `Unexpected field "mapping.${String(first.params.additionalProperty)}".`);
  if (first?.keyword === 'required')
    throw new HttpError(400, `The field "mapping.${String(first.params.missingProperty)}" is required.`);
  throw new HttpError(400, `The field "mapping${field ? `.${field}` : ''}" ${first?.message ?? 'is invalid'}.`);
}

/** A refusal of the file by the readers keeps its status and message. */
export function asHttpError(err: unknown): unknown {
  return err instanceof StatementError ? new HttpError(err.statusCode, err.message) : err;
}

/** Reading a file: the readers' refusals keep their status and message. */
export async function readingFile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asHttpError(err);
  }
}
