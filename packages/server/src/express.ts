import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Router, type ErrorRequestHandler, type Request as ExpressRequest, type Response as ExpressResponse, type RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import helmet from 'helmet';
import proxyaddr from 'proxy-addr';
import { SessionServerError } from './errors.js';
import { createSessionHandler } from './handler.js';
import { errorResponse } from './json-response.js';
import { positive, type RateLimit, type SessionHandlerOptions } from './options.js';
import { corsHeaders, type OriginPolicy } from './origin-policy.js';

/** What the router passes to the `authorize` and `externalIdentifier` hooks besides the `Request`. */
export interface ExpressContext {
  req: ExpressRequest;
  /** The client address the router rate-limits on, after applying `trustProxy`. */
  clientIp: string;
}

/** Which proxies' `X-Forwarded-*` headers to believe: Express's `trust proxy` values, given explicitly. */
export type TrustProxy = boolean | number | string | readonly string[];

/** Options of {@link createSessionRouter}: the handler's, plus the Express-only ones. */
export interface SessionRouterOptions extends Omit<SessionHandlerOptions<ExpressContext>, 'clientIp'> {
  /**
   * Whom to trust for the client IP. Default `false`: the socket's address. Behind one proxy use `1`
   * (or its address); `true` believes any `X-Forwarded-For` and lets every visitor pick their own IP.
   */
  trustProxy?: TrustProxy;
  /** Per-client-IP limit (express-rate-limit). Default 5 per minute; `false` turns it off. */
  clientRateLimit?: RateLimit | false;
  /** An express-rate-limit store for the per-IP counts (e.g. rate-limit-redis); default its memory store. */
  rateLimitStore?: Store;
  /** Path of the session route inside the router. Default `/session`. */
  path?: string;
}

/**
 * An Express 5 router with `POST /session` (the session handler behind helmet and a per-IP limit) and
 * `GET /healthz`. Mount it before any body parser: it reads the body itself, capped at 8 KB.
 *
 * @example
 * ```ts
 * const app = express();
 * app.use('/api/voice', createSessionRouter({ apiKey: process.env.VOICE_SESSION_API_KEY, assistantId, trustProxy: 1 }));
 * ```
 */
export function createSessionRouter(options: SessionRouterOptions): Router {
  const { trustProxy = false, rateLimitStore, path = '/session', clientRateLimit, ...handlerOptions } = options;
  const trust = compileTrust(trustProxy);
  const handle = createSessionHandler<ExpressContext>({ ...handlerOptions, clientRateLimit: false });
  const policy: OriginPolicy = { allowed: new Set(options.allowedOrigins ?? []), allowMissing: true, allowedHeaders: [] };
  const clientIp = (req: IncomingMessage): string => proxyaddr(req, trust);
  // helmet's default CORP `same-origin` is moot for CORS-mode fetches, but say what is meant: listed pages may read it.
  const secure = helmet(options.allowedOrigins?.length ? { crossOriginResourcePolicy: { policy: 'cross-origin' } } : {});
  const router = Router();

  const chain: RequestHandler[] = [secure];
  const limit = clientRateLimit === false ? undefined : (clientRateLimit ?? { limit: 5, windowMs: 60_000 });
  if (limit) {
    positive('clientRateLimit.limit', limit.limit);
    positive('clientRateLimit.windowMs', limit.windowMs);
    chain.push(
      rateLimit({
        windowMs: limit.windowMs,
        limit: limit.limit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        // The router resolves the address itself from `trustProxy`, so the host app's setting cannot loosen it.
        keyGenerator: (req) => ipKeyGenerator(clientIp(req)),
        validate: { ip: false, trustProxy: false, xForwardedForHeader: false },
        ...(rateLimitStore ? { store: rateLimitStore } : {}),
        handler: (req, res, _next, used) => {
          const retryAfterMs = used.windowMs;
          const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
          const refusal = errorResponse(429, 'RATE_LIMITED', 'Too many requests; try again later.', {
            retryAfterMs: Number(res.getHeader('retry-after')) * 1000 || retryAfterMs,
            headers: corsHeaders(origin, policy),
          });
          send(refusal, req, res).catch(() => res.destroy());
        },
      }),
    );
  }

  const adapt: RequestHandler = (req, res) => {
    const context: ExpressContext = { req, clientIp: clientIp(req) };
    let request: Request;
    try {
      request = toFetchRequest(req, trust);
    } catch {
      // A Host header no URL can hold: answer here rather than let the host app's error page show a stack.
      send(errorResponse(400, 'BAD_REQUEST', 'Malformed request.'), req, res).catch(() => res.destroy());
      return;
    }
    // The handler answers every failure itself; this only guards the socket write (e.g. the client left).
    handle(request, context)
      .then((response) => send(response, req, res))
      .catch(() => res.destroy());
  };

  router.get('/healthz', secure, (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  // Preflights skip the per-IP limit: they cost nothing upstream and browsers send one per page.
  router.options(path, secure, adapt);
  // A throw from the per-IP store (e.g. Redis unreachable) fails closed: 503 + Retry-After, never a pass or a stack trace.
  const storeFailed: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const headers = corsHeaders(origin, policy);
    const unavailable = error instanceof SessionServerError && error.code === 'STORE_UNAVAILABLE';
    const retryAfterMs = unavailable ? ((error as { retryAfterMs?: number }).retryAfterMs ?? 5000) : undefined;
    const answer = unavailable
      ? errorResponse(503, 'UNAVAILABLE', 'Voice sessions are briefly unavailable; try again shortly.', { retryAfterMs, headers })
      : errorResponse(500, 'INTERNAL', 'Something went wrong.', { headers });
    send(answer, req, res).catch(() => res.destroy());
  };
  router.all(path, ...chain, adapt, storeFailed);
  return router;
}

function compileTrust(value: TrustProxy): (address: string, hop: number) => boolean {
  if (value === true) return () => true;
  if (value === false) return () => false;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw new TypeError('trustProxy must be a non-negative integer hop count.');
    return (_address, hop) => hop < value;
  }
  return proxyaddr.compile(typeof value === 'string' ? value.split(',').map((v) => v.trim()) : value);
}

/** Builds the fetch `Request` the handler sees, streaming the body rather than buffering it. */
function toFetchRequest(req: ExpressRequest, trust: (address: string, hop: number) => boolean): Request {
  const socket = req.socket as Partial<TLSSocket>;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim();
  const trusted = trust(req.socket.remoteAddress ?? '', 0);
  const protocol = trusted && forwarded ? forwarded : socket.encrypted ? 'https' : 'http';
  const url = `${protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (req.body !== undefined || req.readableEnded) {
      // A body parser mounted earlier already drained the stream: re-serialise what it parsed.
      init.body = req.body === undefined ? null : JSON.stringify(req.body);
      headers.delete('content-length');
    } else {
      init.body = bodyStream(req);
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

// Requests whose body the handler began to read: if it stopped early, the rest is dropped and the connection closed.
const streamed = new WeakSet<IncomingMessage>();

// Pull-based, so at most one chunk waits in memory; cancelling drains instead of destroying the socket,
// which must stay open for the 400 that explains why the body was refused.
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  streamed.add(req);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          req.pause();
        });
        req.once('end', () => !cancelled && controller.close());
        req.once('error', (error) => !cancelled && controller.error(error));
      },
      pull() {
        req.resume();
      },
      cancel() {
        cancelled = true;
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

// Bodies above this are never drained for keep-alive: the largest accepted body is 8 KB by default.
const OVERSIZED = 64 * 1024;

async function send(response: Response, req: IncomingMessage, res: ServerResponse | ExpressResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  if (res.headersSent) return;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!req.complete && (streamed.has(req) || declared > OVERSIZED)) {
    // The body was refused part-read or is too large: drop the rest and close, instead of reading
    // megabytes just to keep the connection alive. A small unread body (a rate-limit refusal)
    // is left to Node, which discards it and keeps the connection.
    res.setHeader('connection', 'close');
    req.removeAllListeners('data');
    req.resume();
  }
  res.end(body);
}
