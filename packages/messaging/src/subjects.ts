/**
 * NATS subject rules, shared by both adapters: subjects are dot-separated tokens; in a
 * filter `*` matches exactly one token and a final `>` matches one or more tokens.
 */

/** A subject one can publish to: non-empty tokens, no wildcards, no whitespace. */
export function isPublishableSubject(subject: string): boolean {
  if (!subject || /\s/.test(subject)) return false;
  return subject.split('.').every((t) => t.length > 0 && t !== '*' && t !== '>');
}

/** A filter one can subscribe with: tokens, `*` anywhere, `>` only last. */
export function isValidFilter(filter: string): boolean {
  if (!filter || /\s/.test(filter)) return false;
  const tokens = filter.split('.');
  return tokens.every(
    (t, i) => t.length > 0 && (t !== '>' || i === tokens.length - 1) && (t.length === 1 || !/[*>]/.test(t)),
  );
}

export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}

export function matchesAny(filters: readonly string[], subject: string): boolean {
  return filters.some((f) => subjectMatches(f, subject));
}

/**
 * The narrowest single filter that covers every given filter, for servers without
 * `filter_subjects` (nats-server < 2.10): the common leading tokens plus `>`, the filter
 * itself when there is only one, or `undefined` (the whole stream) when nothing is shared.
 */
export function coveringFilter(filters: readonly string[]): string | undefined {
  const unique = [...new Set(filters)];
  if (unique.length === 1) return unique[0];
  if (unique.length === 0) return undefined;
  const split = unique.map((f) => f.split('.'));
  const shortest = Math.min(...split.map((t) => t.length));
  let common = 0;
  while (common < shortest - 1) {
    const token = split[0][common];
    if (token === '>' || split.some((t) => t[common] !== token)) break;
    common++;
  }
  return common === 0 ? undefined : `${split[0].slice(0, common).join('.')}.>`;
}
