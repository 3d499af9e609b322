/**
 * Answering through the api package's response schemas, so the emulator cannot drift from the contract:
 * a body that does not match its schema is a bug and surfaces as a 500 in tests.
 */
import type { Request, Response } from 'express';

/** Anything with zod's `parse`. */
export interface OutputSchema<T> {
  parse(input: unknown): T;
}

/** Send `body` shaped by `schema` with `status`. */
export function reply<T>(res: Response, status: number, schema: OutputSchema<T>, body: unknown): void {
  res.status(status).json(schema.parse(body));
}

/** ISO 8601 of an epoch-ms time, as the platform writes timestamps. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The JSON body of a request, or `{}` when there is none or it is not an object (Laravel reads no fields then). */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The query string as a flat record of strings (repeated keys keep the last value). */
export function queryOf(req: Request): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(req.query)) out[k] = Array.isArray(v) ? v[v.length - 1] : v;
  return out;
}
