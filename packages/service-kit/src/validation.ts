import Ajv from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { NAME_BLANK_MESSAGE, hasVisibleCharacter } from '@hf/contracts';

/**
 * Bodies are validated strictly: no type coercion, no silent removal of unknown fields
 * (schemas say `additionalProperties: false`, so extra fields such as `role` are a 400).
 * Query strings and path params are text on the wire, so they are coerced to their types, but
 * only from canonical text: an integer is plain decimal digits (`1`, not `1.0`, `01`, `0x1`,
 * `1e0`, `+1` or ` 1`, which Ajv's coercion would all read as 1).
 * Body strings declared with `Name()` (@hf/contracts) are NFC-normalised, and refused with the
 * schema's own message when nothing in them is visible, before the rest of the body is checked.
 */
const strict = new Ajv({
  allErrors: false,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
});
const coercing = new Ajv({
  allErrors: false,
  coerceTypes: 'array',
  removeAdditional: false,
  useDefaults: true,
  strict: false,
});

type Schema = Record<string, unknown>;
interface ValidationError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}
type Validate = ((data: unknown, context?: unknown) => boolean) & {
  errors?: ValidationError[] | null;
  schemaEnv?: unknown;
};

const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;
const CANONICAL_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The canonical-text pattern a query/param property must match, when it is numeric. */
function numericPattern(schema: unknown): RegExp | null {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Schema;
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    const types = branches.map((b) => b?.type);
    if (types.some((t) => t !== 'integer' && t !== 'number' && t !== 'null')) return null;
    if (types.includes('number')) return CANONICAL_NUMBER;
    return types.includes('integer') ? CANONICAL_INTEGER : null;
  }
  if (Array.isArray(s.type)) {
    const types = s.type as string[];
    if (types.some((t) => t !== 'integer' && t !== 'number' && t !== 'null')) return null;
    const base = types.includes('number') ? CANONICAL_NUMBER : CANONICAL_INTEGER;
    return types.includes('null') ? new RegExp(`${base.source}|^$`) : base;
  }
  if (s.type === 'integer') return CANONICAL_INTEGER;
  if (s.type === 'number') return CANONICAL_NUMBER;
  if (s.type === 'array') return numericPattern(s.items);
  return null;
}

function canonicalNumbers(schema: Schema, validate: Validate): Validate {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const checks = Object.entries(properties)
    .map(([name, property]) => [name, numericPattern(property)] as const)
    .filter((entry): entry is readonly [string, RegExp] => entry[1] !== null);
  if (checks.length === 0) return validate;
  return checkedFirst(validate, (data) => {
    if (!data || typeof data !== 'object') return null;
    for (const [name, pattern] of checks) {
      const value = (data as Record<string, unknown>)[name];
      const texts = Array.isArray(value) ? value : [value];
      if (texts.some((text) => typeof text === 'string' && !pattern.test(text))) {
        return {
          keyword: 'canonical',
          instancePath: `/${name}`,
          params: {},
          message: 'must be a number written in plain digits',
        };
      }
    }
    return null;
  });
}

/** Checks `data` at `path` for the Name() rule; null when it holds. */
type NameCheck = (data: unknown, path: () => string) => ValidationError | null;

/**
 * The Name() rule for every string declared as a name, at any depth of the body, compiled once
 * per schema: a check walks only the parts of the body that can hold a name, and writes an
 * error's path only when there is an error (an import's body holds tens of thousands of rows,
 * each with a payee). Null when `schema` declares no name.
 */
function compileNameCheck(schema: unknown): NameCheck | null {
  if (!schema || typeof schema !== 'object' || !containsName(schema)) return null;
  const s = schema as Schema;
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const branches = ((s.anyOf ?? s.oneOf) as unknown[])
      .map(compileNameCheck)
      .filter((c): c is NameCheck => c !== null);
    return (data, path) => {
      if (data === null || data === undefined) return null;
      for (const branch of branches) {
        const error = branch(data, path);
        if (error) return error;
      }
      return null;
    };
  }
  const blankMessage = typeof s[NAME_BLANK_MESSAGE] === 'string' ? (s[NAME_BLANK_MESSAGE] as string) : null;
  const items = s.items ? compileNameCheck(s.items) : null;
  const properties = Object.entries((s.properties ?? {}) as Record<string, unknown>)
    .map(([name, property]) => ({
      name,
      isName: typeof (property as Schema)?.[NAME_BLANK_MESSAGE] === 'string',
      check: compileNameCheck(property),
    }))
    .filter((p): p is { name: string; isName: boolean; check: NameCheck } => p.check !== null);
  const hasProperties = s.properties !== undefined && s.properties !== null;
  return (data, path) => {
    if (data === null || data === undefined) return null;
    if (blankMessage !== null && typeof data === 'string') {
      return hasVisibleCharacter(data)
        ? null
        : { keyword: 'name', instancePath: path(), params: {}, message: blankMessage };
    }
    if (Array.isArray(data)) {
      if (items === null) return null;
      for (let i = 0; i < data.length; i++) {
        const error = items(data[i], () => `${path()}/${i}`);
        if (error) return error;
      }
    } else if (typeof data === 'object' && hasProperties) {
      const record = data as Record<string, unknown>;
      for (const { name, isName, check } of properties) {
        const value = record[name];
        if (isName && typeof value === 'string') record[name] = normalizedNFC(value);
        const error = check(record[name], () => `${path()}/${name}`);
        if (error) return error;
      }
    }
    return null;
  };
}

/** NFC of `text`; text of ASCII characters only is its own NFC (the common case, answered without copying). */
const normalizedNFC = (text: string): string => (ASCII_ONLY.test(text) ? text : text.normalize('NFC'));
const ASCII_ONLY = /^[\x00-\x7f]*$/;

function containsName(schema: unknown): boolean {
  return JSON.stringify(schema ?? null).includes(`"${NAME_BLANK_MESSAGE}"`);
}

function namedBody(schema: Schema, validate: Validate): Validate {
  const check = compileNameCheck(schema);
  if (check === null) return validate;
  return checkedFirst(validate, (data) => check(data, () => ''));
}

/** `validate`, after a check of the raw input whose error (if any) is the only one reported. */
function checkedFirst(validate: Validate, check: (data: unknown) => ValidationError | null): Validate {
  const wrapped: Validate = (data, context) => {
    const error = check(data);
    if (error) {
      wrapped.errors = [error];
      return false;
    }
    const ok = validate(data, context);
    wrapped.errors = validate.errors;
    return ok;
  };
  wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const compiled = (httpPart === 'body' ? strict : coercing).compile(schema as object) as unknown as Validate;
  const wrapped =
    httpPart === 'body'
      ? namedBody(schema as Schema, compiled)
      : httpPart === 'params' || httpPart === 'querystring'
        ? canonicalNumbers(schema as Schema, compiled)
        : compiled;
  return wrapped as unknown as ReturnType<FastifySchemaCompiler<unknown>>;
};
