/**
 * The few log calls messaging makes. A Fastify/pino logger fits this shape, so services pass
 * `app.log`; the default writes one JSON line per record to stderr.
 */
export interface MessagingLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

function line(level: string, fields: object, message: string): void {
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), ...fields, msg: message })}\n`);
}

export const stderrLogger: MessagingLogger = {
  info: (fields, message) => line('info', fields, message),
  warn: (fields, message) => line('warn', fields, message),
  error: (fields, message) => line('error', fields, message),
};

export function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
