import { readFileSync } from 'node:fs';

/**
 * Reads the environment once, with defaults, and fails fast with one clear line
 * when something required is missing.
 */
export function requireEnv(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`Environment variable ${name} must be an integer, got "${raw}"`);
  return n;
}

/** A PEM either given inline (`NAME`) or as a file path (`NAME_FILE`). */
export function readPem(name: string): string {
  const inline = process.env[name];
  if (inline) return inline.replace(/\\n/g, '\n');
  const file = process.env[`${name}_FILE`];
  if (file) return readFileSync(file, 'utf8');
  throw new Error(`Missing required environment variable ${name} (or ${name}_FILE)`);
}
