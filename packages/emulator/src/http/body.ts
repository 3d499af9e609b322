/**
 * Request body readers (JSON and raw multipart) with a size limit. Small enough to own: every failure
 * carries exactly the `status`/`type` the error handler maps to a JSON body, an empty JSON body reads
 * as `{}`, and only `application/json` / `+json` bodies are parsed (anything else reads as no fields).
 */
import type { Request, RequestHandler } from 'express';

/** A body failure in body-parser's shape (`status`, `type`), mapped to JSON by the error handler. */
export class BodyError extends Error {
  override readonly name = 'BodyError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function mediaType(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Read the whole body, refusing more than `limit` bytes (the socket is drained, not reset). */
export function readBody(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyError(413, 'entity.too.large', 'request entity too large'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyError(413, 'entity.too.large', 'request entity too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) reject(new BodyError(400, 'request.aborted', error.message));
    });
  });
}

/** Parse `application/json` (and `+json`) bodies into `req.body`; other requests pass untouched. */
export function jsonBody(limit: number): RequestHandler {
  return async (req, _res, next) => {
    const type = mediaType(req);
    if (!(type === 'application/json' || type.endsWith('+json')) || !hasBody(req)) return next();
    const charset = /charset=([^;]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.trim().toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return next(new BodyError(415, 'charset.unsupported', 'unsupported charset'));
    // Compressed bodies are not inflated: say so rather than failing to parse them.
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity') return next(new BodyError(415, 'encoding.unsupported', 'unsupported content encoding'));
    try {
      const raw = (await readBody(req, limit)).toString('utf8');
      req.body = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
      next();
    } catch (error) {
      next(error instanceof BodyError ? error : new BodyError(400, 'entity.parse.failed', 'invalid JSON'));
    }
  };
}

/** Keep a `multipart/form-data` body as a Buffer in `req.body`. */
export function rawBody(type: string, limit: number): RequestHandler {
  return async (req, _res, next) => {
    if (mediaType(req) !== type || !hasBody(req)) return next();
    try {
      req.body = await readBody(req, limit);
      next();
    } catch (error) {
      next(error);
    }
  };
}
