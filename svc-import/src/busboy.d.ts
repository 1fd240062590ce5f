/**
 * The part of busboy's API svc-import uses (busboy ships no types; @types/busboy would be the
 * only dev dependency for them).
 */
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }
    interface Config {
      headers: IncomingHttpHeaders;
      limits?: Limits;
    }
    interface FileInfo {
      filename: string | undefined;
      encoding: string;
      mimeType: string;
    }
    interface FieldInfo {
      nameTruncated: boolean;
      valueTruncated: boolean;
      encoding: string;
      mimeType: string;
    }
    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: Readable, info: FileInfo) => void): this;
      on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
      on(event: 'filesLimit' | 'fieldsLimit' | 'partsLimit' | 'close' | 'finish', listener: () => void): this;
      on(event: 'error', listener: (err: Error) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }
  function busboy(config: busboy.Config): busboy.Busboy;
  export = busboy;
}
