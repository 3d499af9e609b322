/**
 * Multipart form bodies, parsed with the web platform's own `Request.formData()` and turned into the
 * nested object Laravel would see (`links[0][link]` → `{links: [{link}]}`; files stay `File`s).
 */
import type { Request, RequestHandler } from 'express';
import { rawBody } from './body.js';

/** Raw multipart bodies up to this size reach the handler (the 20 MB file rule is the schema's to word). */
export const MULTIPART_LIMIT_BYTES = 22 * 1024 * 1024;

/** Middleware keeping a multipart body as a Buffer in `req.body`. */
export const rawMultipart: RequestHandler = rawBody('multipart/form-data', MULTIPART_LIMIT_BYTES);

/** Whether the request is multipart/form-data. */
export function isMultipart(req: Request): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  // `a[0][b]` → ['a', '0', 'b']; `a[]` appends.
  const parts = key.replace(/\]/g, '').split('[');
  let cur: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    const last = i === parts.length - 1;
    const nextIsIndex = !last && /^\d*$/.test(parts[i + 1] ?? '');
    const container = cur as Record<string, unknown>;
    const slot = part === '' && Array.isArray(cur) ? String(cur.length) : part;
    if (last) {
      container[slot] = value;
      return;
    }
    if (container[slot] === undefined || typeof container[slot] !== 'object') container[slot] = nextIsIndex ? [] : {};
    cur = container[slot] as Record<string, unknown> | unknown[];
  }
}

/** Parse a raw multipart body into Laravel's nested field object; undefined when the body is not valid multipart. */
export async function parseMultipart(req: Request): Promise<Record<string, unknown> | undefined> {
  const raw: unknown = req.body;
  if (!Buffer.isBuffer(raw)) return {};
  let form: FormData;
  try {
    form = await new Request('http://emulator.invalid/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) assign(out, key, value);
  return out;
}
