import Ajv from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Bodies are validated strictly: no type coercion, no silent removal of unknown fields
 * (schemas say `additionalProperties: false`, so extra fields such as `role` are a 400).
 * Query strings and path params are text on the wire, so they are coerced to their types.
 */
const strict = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false });
const coercing = new Ajv({ allErrors: false, coerceTypes: 'array', removeAdditional: false, useDefaults: true, strict: false });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strict : coercing;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};
