import { z } from 'zod';

/** What a browser may send to `POST /session`. Unknown fields (e.g. LiveKit's TokenSource request) are dropped. */
export const SessionRequestBody = z.object({
  assistant: z.string().min(1).max(100).optional(),
  variables: z.unknown().optional(),
});
/** The parsed request body. */
export type SessionRequestBody = z.infer<typeof SessionRequestBody>;

/** The body reader's verdict: the parsed body, or why it was refused (always a 400 to the browser). */
export type BodyVerdict =
  | { ok: true; body: SessionRequestBody }
  | { ok: false; code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE'; message: string };

/**
 * Reads and validates a session request body, never holding more than `maxBytes` of it: an empty body
 * means `{}`, anything else must be a JSON object sent as `application/json`.
 */
export async function readSessionBody(request: Request, maxBytes: number): Promise<BodyVerdict> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes);
  const bytes = await readCapped(request, maxBytes);
  if (bytes === undefined) return tooLarge(maxBytes);
  if (bytes.length === 0) return { ok: true, body: {} };
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return bad('The body must be JSON (Content-Type: application/json).');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return bad('The body is not valid JSON.');
  }
  const parsed = SessionRequestBody.safeParse(json);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.');
    return bad(field ? `The field "${field}" has the wrong type or length.` : 'The body must be a JSON object.');
  }
  return { ok: true, body: parsed.data };
}

// Reads at most maxBytes; undefined when the body is larger. Stops reading at the cap rather than
// cancelling, so a Node adapter can still answer on the same socket (it drains or closes it after).
async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) return undefined;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(maxBytes: number): BodyVerdict {
  return { ok: false, code: 'PAYLOAD_TOO_LARGE', message: `The body is larger than ${maxBytes} bytes.` };
}

function bad(message: string): BodyVerdict {
  return { ok: false, code: 'BAD_REQUEST', message };
}
