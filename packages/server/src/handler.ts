import { mapUpstreamFailure } from './error-mapping.js';
import { SessionServerError } from './errors.js';
import { errorResponse, jsonResponse, type SessionErrorCode } from './json-response.js';
import type { LimitStore } from './limit-store.js';
import { createServerLogger, type SessionLogger } from './logger.js';
import { MemoryLimitStore } from './memory-limit-store.js';
import {
  checkBudget,
  checkMaxOutstanding,
  positive,
  resolveAssistants,
  type AuthorizeResult,
  type SessionHandlerOptions,
} from './options.js';
import { checkOrigin, preflightHeaders, type OriginPolicy } from './origin-policy.js';
import { createPlatformSessionCreator } from './platform-session.js';
import { readSessionBody } from './request-body.js';
import { callUpstream } from './upstream-call.js';
import type { UpstreamSession, UpstreamSessionParams } from './upstream.js';
import { vetVariables } from './variables-policy.js';

/** A fetch-style handler: one `Request` in, one `Response` out; `context` is passed to the hooks. */
export type SessionHandler<Context = undefined> = (request: Request, context?: Context) => Promise<Response>;

/** The success body of `POST /session`. */
export interface SessionResponseBody {
  id: string;
  url: string;
  token: string;
  expires_in: number;
  /** ISO 8601: when the token stops being valid, by the server's clock. */
  expires_at: string;
}

/** The success body with `?format=livekit`: LiveKit's token-endpoint shape for `TokenSource.endpoint`. */
export interface LiveKitTokenResponseBody {
  server_url: string;
  participant_token: string;
}

// When a call timed out or answered nonsense, a token may exist upstream anyway: hold its slot for a full lifetime.
const TOKEN_LIFETIME_MS = 900_000;
// Retry-After for a store that is unreachable and names no better figure.
const STORE_RETRY_AFTER_MS = 5000;
const DEFAULT_CLIENT_LIMIT = { limit: 5, windowMs: 60_000 };

/** What one request did, written as its single log line. */
interface RequestRecord {
  method: string;
  path: string;
  outcome: string;
  status: number;
  code?: string;
  /** What the platform answered (status, or `timeout`/`refused`/…), for failures only: never its body. */
  upstream_status?: number | string;
  upstream_code?: string;
  session_id?: string;
  attempts?: number;
  err?: unknown;
  level: 'info' | 'warn' | 'error';
}

/**
 * Creates the framework-free token-vending handler: `POST` mints a realtime session for a vetted
 * visitor, `OPTIONS` answers CORS preflights; it never forwards the browser's body and never reveals
 * the API key or the upstream's answer.
 *
 * @example
 * ```ts
 * const handle = createSessionHandler({ apiKey: process.env.VOICE_SESSION_API_KEY, assistantId: '…uuid…' });
 * // Any fetch-style runtime: Bun.serve({ fetch: handle }), Deno.serve(handle), a Hono route…
 * const response = await handle(new Request('https://site.example/session', { method: 'POST' }));
 * ```
 */
export function createSessionHandler<Context = undefined>(options: SessionHandlerOptions<Context>): SessionHandler<Context> {
  const assistants = resolveAssistants(options);
  // 61 s, not 60: a spare second so network jitter cannot squeeze 11 arrivals into the platform's minute.
  const budget = checkBudget(options.budget ?? { limit: 10, windowMs: 61_000 });
  const maxOutstanding = checkMaxOutstanding(options.maxOutstanding ?? 10);
  const clientLimit = options.clientRateLimit === false ? undefined : checkLimit(options.clientRateLimit ?? DEFAULT_CLIENT_LIMIT);
  const timeoutMs = options.upstreamTimeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 8192;
  positive('upstreamTimeoutMs', timeoutMs);
  positive('maxBodyBytes', maxBodyBytes);
  const createSession = options.createSession ?? defaultCreator(options);
  const store: LimitStore = options.store ?? new MemoryLimitStore();
  const prefix = options.keyPrefix ?? 'voice-session:';
  const now = options.now ?? Date.now;
  const logger: SessionLogger = options.logger ?? createServerLogger(options.apiKey ? { apiKey: options.apiKey } : {});
  const variablesPolicy = options.variables ?? false;
  const origins: OriginPolicy = {
    allowed: new Set(options.allowedOrigins ?? []),
    allowMissing: options.allowMissingOrigin ?? true,
    allowedHeaders: options.allowedHeaders ?? ['content-type'],
  };

  async function mint(request: Request, context: Context, record: RequestRecord): Promise<Response> {
    const origin = checkOrigin(request, origins);
    const fail = (status: number, code: SessionErrorCode, message: string, retryAfterMs?: number): Response => {
      record.code = code;
      return errorResponse(status, code, message, retryAfterMs === undefined ? { headers: origin.headers } : { headers: origin.headers, retryAfterMs });
    };
    if (!origin.ok) return reject(record, 'origin_rejected', fail(403, 'ORIGIN_NOT_ALLOWED', 'This origin may not start sessions.'));

    const ip = clientLimit && options.clientIp ? options.clientIp(request, context) : undefined;
    if (clientLimit && ip !== undefined) {
      const taken = await store.take(`${prefix}ip:${ip}`, clientLimit.limit, clientLimit.windowMs, now());
      if (!taken.ok) return reject(record, 'client_rate_limited', fail(429, 'RATE_LIMITED', 'Too many requests; try again later.', taken.retryAfterMs));
    }

    const body = await readSessionBody(request, maxBodyBytes);
    if (!body.ok) return reject(record, 'bad_request', fail(400, body.code, body.message));
    const assistantId = body.body.assistant === undefined ? assistants.fallback : assistants.byAlias.get(body.body.assistant);
    if (assistantId === undefined) {
      const message = body.body.assistant === undefined ? 'Name an assistant.' : 'Unknown assistant.';
      return reject(record, 'bad_request', fail(400, 'UNKNOWN_ASSISTANT', message));
    }
    const vetted = vetVariables(variablesPolicy, body.body.variables);
    if (!vetted.ok) return reject(record, 'bad_request', fail(400, vetted.code, vetted.message));

    const verdict: AuthorizeResult = options.authorize ? await options.authorize(request, context) : true;
    if (verdict === 401) return reject(record, 'unauthorized', fail(401, 'UNAUTHORIZED', 'Sign in to start a session.'));
    if (verdict !== true) return reject(record, 'forbidden', fail(403, 'FORBIDDEN', 'You may not start a session.'));

    const params: UpstreamSessionParams = { assistant_id: assistantId };
    if (vetted.variables !== undefined) params.variables = vetted.variables;
    const externalId = options.externalIdentifier ? await options.externalIdentifier(request, context) : undefined;
    if (externalId !== undefined) {
      if (typeof externalId !== 'string' || externalId.length > 255) {
        throw new SessionServerError('CONFIG_INVALID', 'externalIdentifier must return a string of at most 255 characters.');
      }
      params.external_identifier = externalId;
    }

    // The outstanding cap is checked before the budget, so a refusal for lack of slots spends no quota.
    const slot = crypto.randomUUID();
    const held = await store.reserveSlot(`${prefix}outstanding`, slot, maxOutstanding, now() + 2 * timeoutMs + 1000, now());
    if (!held.ok) return reject(record, 'busy', fail(503, 'BUSY', 'All voice lines are busy; try again later.', held.retryAfterMs));
    const spent = await store.take(`${prefix}budget`, budget.limit, budget.windowMs, now());
    if (!spent.ok) {
      await store.releaseSlot(`${prefix}outstanding`, slot);
      return reject(record, 'budget_exhausted', fail(429, 'RATE_LIMITED', 'Too many sessions were started; try again later.', spent.retryAfterMs));
    }

    const result = await callUpstream(createSession, params, {
      timeoutMs,
      // A retry is another creation as far as the platform's per-minute limit is concerned.
      mayRetry: async () => (await store.take(`${prefix}budget`, budget.limit, budget.windowMs, now())).ok,
    });
    record.attempts = result.attempts;
    if (!result.ok) {
      const uncertain = result.failure.kind === 'timeout' || result.failure.kind === 'invalid_response';
      if (uncertain) await store.extendSlot(`${prefix}outstanding`, slot, now() + TOKEN_LIFETIME_MS, now());
      else await store.releaseSlot(`${prefix}outstanding`, slot);
      const mapped = mapUpstreamFailure(result.failure, vetted.variables !== undefined);
      record.outcome = mapped.outcome;
      record.level = mapped.outcome === 'misconfiguration' ? 'error' : 'warn';
      if (result.failure.kind === 'status') {
        record.upstream_status = result.failure.status;
        if (result.failure.code) record.upstream_code = result.failure.code;
      } else {
        record.upstream_status = result.failure.kind;
      }
      const response = fail(mapped.status, mapped.code, mapped.message, mapped.retryAfterMs);
      record.status = response.status;
      return response;
    }

    const session = result.session;
    const expiresAt = now() + session.expires_in * 1000;
    await store.extendSlot(`${prefix}outstanding`, slot, expiresAt, now());
    record.outcome = 'created';
    record.level = 'info';
    record.session_id = session.id;
    record.status = 201;
    return jsonResponse(201, successBody(session, expiresAt, new URL(request.url).searchParams.get('format')), origin.headers);
  }

  return async function handleSessionRequest(request: Request, context?: Context): Promise<Response> {
    const started = performance.now();
    const record: RequestRecord = { method: request.method, path: pathOf(request), outcome: 'error', status: 500, level: 'error' };
    let response: Response;
    try {
      response = await route(request, context as Context, record);
    } catch (error) {
      if (isStoreUnavailable(error)) {
        // Fail closed: without the shared counters no request may spend the account's budget.
        // The store logs the outage once; each request line just says it was refused for it.
        record.outcome = 'store_unavailable';
        record.level = 'warn';
        record.code = 'UNAVAILABLE';
        response = errorResponse(503, 'UNAVAILABLE', 'Voice sessions are briefly unavailable; try again shortly.', {
          retryAfterMs: error.retryAfterMs ?? STORE_RETRY_AFTER_MS,
          headers: checkOrigin(request, origins).headers,
        });
      } else {
        // A hook or the store threw: the request line carries the error (scrubbed by the logger), the browser learns nothing more.
        record.err = error;
        record.outcome = 'error';
        record.level = 'error';
        response = errorResponse(500, 'INTERNAL', 'Something went wrong.');
        record.code = 'INTERNAL';
      }
    }
    record.status = response.status;
    const { level, ...fields } = record;
    logger[level]({ ...fields, latency_ms: Math.round((performance.now() - started) * 100) / 100 }, 'session request');
    return response;
  };

  async function route(request: Request, context: Context, record: RequestRecord): Promise<Response> {
    if (request.method === 'POST') return mint(request, context, record);
    if (request.method === 'OPTIONS') {
      const headers = preflightHeaders(request, origins);
      if (headers === undefined) {
        record.code = 'ORIGIN_NOT_ALLOWED';
        return reject(record, 'preflight_rejected', errorResponse(403, 'ORIGIN_NOT_ALLOWED', 'This origin may not start sessions.', { headers: { vary: 'Origin' } }));
      }
      record.outcome = 'preflight';
      record.level = 'info';
      return new Response(null, { status: 204, headers: { ...headers, 'cache-control': 'no-store' } });
    }
    record.code = 'METHOD_NOT_ALLOWED';
    return reject(record, 'method_not_allowed', errorResponse(405, 'METHOD_NOT_ALLOWED', 'Use POST.', { headers: { allow: 'POST, OPTIONS' } }));
  }
}

/**
 * A store that cannot reach its backend (e.g. `RedisLimitStore` with Redis down) throws a
 * `SessionServerError` with code `STORE_UNAVAILABLE` and optionally `retryAfterMs`.
 */
function isStoreUnavailable(error: unknown): error is SessionServerError & { retryAfterMs?: number } {
  return error instanceof SessionServerError && error.code === 'STORE_UNAVAILABLE';
}

function reject(record: RequestRecord, outcome: string, response: Response): Response {
  record.outcome = outcome;
  record.level = 'warn';
  record.status = response.status;
  return response;
}

function successBody(session: UpstreamSession, expiresAt: number, format: string | null): SessionResponseBody | LiveKitTokenResponseBody {
  if (format === 'livekit') return { server_url: session.url, participant_token: session.token };
  return {
    id: session.id,
    url: session.url,
    token: session.token,
    expires_in: session.expires_in,
    expires_at: new Date(expiresAt).toISOString(),
  };
}

function defaultCreator<Context>(options: SessionHandlerOptions<Context>) {
  if (!options.apiKey) throw new SessionServerError('CONFIG_INVALID', 'apiKey is required (or pass createSession).');
  return createPlatformSessionCreator(options.baseUrl === undefined ? { apiKey: options.apiKey } : { apiKey: options.apiKey, baseUrl: options.baseUrl });
}

function checkLimit(limit: { limit: number; windowMs: number }): { limit: number; windowMs: number } {
  positive('clientRateLimit.limit', limit.limit);
  positive('clientRateLimit.windowMs', limit.windowMs);
  return limit;
}

function pathOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return '';
  }
}
