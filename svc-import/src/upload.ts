import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@hf/contracts';
import { badRequest, HttpError } from '@hf/service-kit';
import { StatementError } from './domain/statement';

export const UPLOAD_MESSAGES = {
  notMultipart: 'Please upload the file as multipart/form-data.',
  oneFile: 'Please upload one file at a time.',
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxFileBytes / (1024 * 1024)} MB.`,
  unreadable: 'The upload could not be read. Please try again.',
  fieldTooLong: (name: string) => `The field "${name}" is too long.`,
  unexpectedField: (name: string) => `Unexpected field "${name}".`,
  fieldAfterFile: (name: string) => `The field "${name}" must come before the file in the upload.`,
  tooManyParts: 'The upload has too many parts.',
} as const;

/** Text fields an upload may carry (`mapping`, a MappingConfig as JSON, is the only one today). */
const FIELD_NAMES = new Set(['mapping']);
/** A mapping is under 4 KB; this leaves room and still bounds what is held in memory. */
const FIELD_BYTES = 64 * 1024;

export interface UploadedFile {
  /** The file's bytes, streamed; never written to disk. */
  stream: Readable;
  /** As sent: used only to tell the file type by its extension, never as a path, never echoed. */
  filename: string;
  /** Text fields that came before the file part. */
  fields: ReadonlyMap<string, string>;
}

/** Multipart bodies are read by `readUpload` from the raw request: Fastify leaves them unread. */
export function acceptMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
}

/**
 * Streams a multipart upload through busboy: exactly one part named `file` (none -> 400 'Please
 * select a file first.', more -> 400), text fields before it and bounded, the file cut off past
 * IMPORT_LIMITS.maxFileBytes (413). `handle` reads the file as it arrives; its answer is returned
 * once the whole body has been seen, so a later second file still refuses the upload.
 */
// Long: busboy's event handlers share the upload's state (fields, the one file, limits) in this closure.
export function readUpload<T>(request: FastifyRequest, handle: (file: UploadedFile) => Promise<T>): Promise<T> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return Promise.reject(badRequest(UPLOAD_MESSAGES.notMultipart));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      limits: {
        files: 1,
        fields: FIELD_NAMES.size,
        fieldSize: FIELD_BYTES,
        fieldNameSize: 100,
        parts: 20,
        headerPairs: 20,
        fileSize: IMPORT_LIMITS.maxFileBytes + 1,
      },
    });
  } catch {
    return Promise.reject(badRequest(UPLOAD_MESSAGES.unreadable));
  }
  const raw = request.raw;

  return new Promise<T>((resolve, reject) => {
    const fields = new Map<string, string>();
    let refusal: Error | null = null;
    let handling: Promise<T> | null = null;
    let body: PassThrough | null = null;
    let finished = false;

    const stop = (err: Error) => {
      if (!refusal) refusal = err;
      // The handler's stream ends with the refusal, so a handler still reading stops too.
      if (body && !body.destroyed) body.destroy(refusal);
      // Read and drop the rest of the body, so the answer can be sent on an open connection.
      raw.unpipe(parser);
      raw.resume();
      void settle();
    };
    const settle = async () => {
      if (refusal) {
        // A handler still reading must see the end of its stream before we answer.
        if (handling) await handling.catch(() => undefined);
        return reject(refusal);
      }
      if (!finished) return;
      if (!handling) return reject(badRequest(IMPORT_MESSAGES.selectFile));
      try {
        const value = await handling;
        if (refusal) return reject(refusal);
        resolve(value);
      } catch (err) {
        reject(refusal ?? err);
      }
    };

    parser.on('field', (name, value, info) => {
      if (handling) return stop(badRequest(UPLOAD_MESSAGES.fieldAfterFile(name)));
      if (!FIELD_NAMES.has(name)) return stop(badRequest(UPLOAD_MESSAGES.unexpectedField(name.slice(0, 100))));
      if (info.valueTruncated || info.nameTruncated) return stop(badRequest(UPLOAD_MESSAGES.fieldTooLong(name)));
      fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || handling) {
        stream.resume();
        return stop(
          badRequest(name !== 'file' ? UPLOAD_MESSAGES.unexpectedField(name.slice(0, 100)) : UPLOAD_MESSAGES.oneFile),
        );
      }
      // The handler reads a stream of our own: busboy's is cut at the limit, ours fails there.
      const file = new PassThrough({ highWaterMark: 256 * 1024 });
      // A refusal destroys the stream with its error; the handler, if still reading, sees it there.
      file.on('error', () => undefined);
      body = file;
      stream.on('limit', () => {
        stream.resume();
        stop(new StatementError(UPLOAD_MESSAGES.tooLarge, 413));
      });
      stream.on('error', (err: Error) => file.destroy(err));
      stream.pipe(file);
      handling = handle({ stream: file, filename: info.filename ?? '', fields });
      handling.catch((err: Error) => {
        // The handler gave up (e.g. not a text file): drop the rest of the file and the body.
        stream.unpipe(file);
        stream.resume();
        stop(err);
      });
    });
    parser.on('filesLimit', () => stop(badRequest(UPLOAD_MESSAGES.oneFile)));
    parser.on('fieldsLimit', () => stop(badRequest(UPLOAD_MESSAGES.tooManyParts)));
    parser.on('partsLimit', () => stop(badRequest(UPLOAD_MESSAGES.tooManyParts)));
    parser.on('error', () => stop(badRequest(UPLOAD_MESSAGES.unreadable)));
    parser.on('close', () => {
      finished = true;
      void settle();
    });
    raw.on('error', () => stop(badRequest(UPLOAD_MESSAGES.unreadable)));
    raw.pipe(parser);
  });
}

/** The `mapping` field as a value to validate (400 when it is not JSON). */
export function mappingField(fields: ReadonlyMap<string, string>): unknown {
  const text = fields.get('mapping');
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The field "mapping" is not valid JSON.');
  }
}
