import type { SessionVariables } from './upstream.js';

/** Anything with zod's `safeParse` (a zod 3/4 schema, or your own object with that method). */
export interface VariablesSchema {
  safeParse(input: unknown): { success: true; data: unknown } | { success: false; error?: unknown };
}

/**
 * Which prompt variables a browser may send. `false` (the default) rejects any; `{schema}` accepts what
 * the schema accepts; `{allowedKeys}` accepts the listed keys only, with string values capped at
 * `maxLength` characters (default 200) or at the per-key cap when `allowedKeys` is a map of key to cap.
 */
export type VariablesPolicy =
  | false
  | { schema: VariablesSchema }
  | { allowedKeys: readonly string[] | Readonly<Record<string, number>>; maxLength?: number };

/** The outcome of vetting the browser's variables. */
export type VariablesVerdict =
  | { ok: true; variables: SessionVariables | undefined }
  | { ok: false; code: 'VARIABLES_NOT_ALLOWED' | 'INVALID_VARIABLES'; message: string };

/** The platform's own cap on variable keys. */
export const MAX_VARIABLE_KEYS = 50;
const DEFAULT_MAX_LENGTH = 200;

/** Applies `policy` to the `variables` a browser sent (`undefined` when it sent none). */
export function vetVariables(policy: VariablesPolicy, input: unknown): VariablesVerdict {
  if (input === undefined) return { ok: true, variables: undefined };
  if (policy === false) return { ok: false, code: 'VARIABLES_NOT_ALLOWED', message: 'Session variables are not accepted.' };
  if ('schema' in policy) {
    const parsed = policy.schema.safeParse(input);
    if (!parsed.success) return invalid('The session variables do not match what this site accepts.');
    return scalarRecord(parsed.data);
  }
  const record = scalarRecord(input);
  if (!record.ok || record.variables === undefined) return record;
  const caps = capsOf(policy);
  for (const [key, value] of Object.entries(record.variables)) {
    const cap = caps.get(key);
    if (cap === undefined) return invalid(`The variable "${truncate(key)}" is not accepted.`);
    if (typeof value === 'string' && value.length > cap) return invalid(`The variable "${key}" is longer than ${cap} characters.`);
  }
  return record;
}

function capsOf(policy: { allowedKeys: readonly string[] | Readonly<Record<string, number>>; maxLength?: number }): Map<string, number> {
  const fallback = policy.maxLength ?? DEFAULT_MAX_LENGTH;
  const keys = policy.allowedKeys;
  if (isStringArray(keys)) return new Map(keys.map((k) => [k, fallback]));
  return new Map(Object.entries(keys));
}

function isStringArray(value: readonly string[] | Readonly<Record<string, number>>): value is readonly string[] {
  return Array.isArray(value);
}

// The platform takes keys with scalar values only; checking here turns its 422 into our clear 400.
function scalarRecord(value: unknown): VariablesVerdict {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid('Session variables must be an object.');
  const entries = Object.entries(value);
  if (entries.length > MAX_VARIABLE_KEYS) return invalid(`At most ${MAX_VARIABLE_KEYS} session variables are accepted.`);
  const out: SessionVariables = {};
  for (const [key, v] of entries) {
    const scalar = typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!scalar) return invalid(`The variable "${truncate(key)}" must be a string, number or boolean.`);
    out[key] = v;
  }
  return { ok: true, variables: entries.length === 0 ? undefined : out };
}

function invalid(message: string): VariablesVerdict {
  return { ok: false, code: 'INVALID_VARIABLES', message };
}

// Keys are the visitor's text; echo only a short prefix of them.
function truncate(key: string): string {
  return key.length > 40 ? `${key.slice(0, 40)}…` : key;
}
