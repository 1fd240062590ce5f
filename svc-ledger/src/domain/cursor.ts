/**
 * Register paging cursors: an opaque text naming one row's position (date, created_at in
 * microseconds since the epoch, id). Clients pass them back unchanged.
 */
export interface RegisterPosition {
  date: string;
  createdMicros: string;
  id: number;
}

export function encodeCursor(position: RegisterPosition): string {
  return Buffer.from(`${position.date}|${position.createdMicros}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): RegisterPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d{2}-\d{2})\|(-?\d{1,19})\|(\d{1,10})$/.exec(text);
  if (!m) return null;
  const id = Number(m[3]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return null;
  return { date: m[1], createdMicros: m[2], id };
}
