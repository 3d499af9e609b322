import { SessionServerError } from './errors.js';
import type { LimitStore } from './limit-store.js';
import type { SessionLogger } from './logger.js';
import type { CreateUpstreamSession } from './upstream.js';
import type { VariablesPolicy } from './variables-policy.js';

/** A site's answer to "may this visitor start a session?": `false` or 403 refuse with 403, 401 with 401. */
export type AuthorizeResult = boolean | 401 | 403;

/** A request limit: at most `limit` within any `windowMs`. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Options of `createSessionHandler`. Every protection is on by default; `Context` is whatever the
 * framework adapter passes as the handler's second argument (the Express router passes `{req}`).
 */
export interface SessionHandlerOptions<Context = undefined> {
  /** The platform API key. Required unless `createSession` is given. Never sent to a browser or logged. */
  apiKey?: string;
  /** The platform API root, including `/api`. Default: the api client's default. */
  baseUrl?: string;
  /** The one assistant uuid sessions are created for. Use this or `assistants`. */
  assistantId?: string;
  /** Public alias → assistant uuid; the browser names an alias, never a uuid. Unknown alias → 400. */
  assistants?: Readonly<Record<string, string>>;
  /** Alias used when the body names none; default: the only alias when the map has one entry. */
  defaultAssistant?: string;
  /** Which browser variables are accepted; default `false` (none). */
  variables?: VariablesPolicy;
  /** The site's login check, run before any limit is spent. */
  authorize?: (request: Request, context: Context) => AuthorizeResult | Promise<AuthorizeResult>;
  /** Derives the platform's `external_identifier` (max 255 chars), e.g. the signed-in user's id. */
  externalIdentifier?: (request: Request, context: Context) => string | undefined | Promise<string | undefined>;
  /** Exact `Origin` values allowed cross-origin (CORS for POST, no credentials). Default none: same origin only. */
  allowedOrigins?: readonly string[];
  /** Let requests without an `Origin` header through (non-browser clients). Default `true`. */
  allowMissingOrigin?: boolean;
  /** Request headers a cross-origin page may send. Default `['content-type']`. */
  allowedHeaders?: readonly string[];
  /** Global creation budget, at or below the platform's 10 per minute. Default `{limit: 10, windowMs: 61_000}`. */
  budget?: RateLimit;
  /** Tokens that may be outstanding (minted, unexpired) at once; at most the platform's 10. Default 10. */
  maxOutstanding?: number;
  /** Per-client limit applied by the handler when `clientIp` is given (the Express router uses express-rate-limit). */
  clientRateLimit?: RateLimit | false;
  /** The client's address for the per-client limit; the handler cannot see sockets, so a runtime supplies it. */
  clientIp?: (request: Request, context: Context) => string | undefined;
  /** Where the counters live. Default: a `MemoryLimitStore` (one process). */
  store?: LimitStore;
  /** Prefix of every store key, so several sites can share one store. Default `voice-session:`. */
  keyPrefix?: string;
  /** Epoch milliseconds now; drives budget windows and token expiry. Default `Date.now`. */
  now?: () => number;
  /** Milliseconds one upstream attempt may take. Default 10 000. */
  upstreamTimeoutMs?: number;
  /** Largest accepted request body in bytes. Default 8192. */
  maxBodyBytes?: number;
  /** Where request lines go. Default: a pino logger that redacts credentials and the API key. */
  logger?: SessionLogger;
  /** The upstream call. Default: `PlatformClient.realtime.createSession` with `apiKey` and `baseUrl`. */
  createSession?: CreateUpstreamSession;
}

/** The platform's limits, which the defaults match and the options may only tighten. */
export const PLATFORM_LIMITS = { creationsPerMinute: 10, concurrentSessions: 10 } as const;

/** Options after defaults and checks, as the handler uses them. */
export interface ResolvedAssistants {
  byAlias: ReadonlyMap<string, string>;
  fallback: string | undefined;
}

/** Resolves the assistant settings: a single id, or an alias map with an optional default alias. */
export function resolveAssistants(options: Pick<SessionHandlerOptions<unknown>, 'assistantId' | 'assistants' | 'defaultAssistant'>): ResolvedAssistants {
  const { assistantId, assistants, defaultAssistant } = options;
  if (assistantId !== undefined && assistants !== undefined) {
    throw new SessionServerError('CONFIG_INVALID', 'Configure either assistantId or assistants, not both.');
  }
  if (assistantId !== undefined) {
    if (assistantId.trim() === '') throw new SessionServerError('CONFIG_INVALID', 'assistantId is empty.');
    return { byAlias: new Map(), fallback: assistantId };
  }
  if (assistants === undefined) throw new SessionServerError('CONFIG_INVALID', 'Configure assistantId or assistants.');
  const entries = Object.entries(assistants);
  if (entries.length === 0 || entries.some(([alias, id]) => alias === '' || typeof id !== 'string' || id === '')) {
    throw new SessionServerError('CONFIG_INVALID', 'assistants must map non-empty aliases to assistant ids.');
  }
  const byAlias = new Map(entries);
  if (defaultAssistant !== undefined && !byAlias.has(defaultAssistant)) {
    throw new SessionServerError('CONFIG_INVALID', `defaultAssistant "${defaultAssistant}" is not an alias in assistants.`);
  }
  const only = entries.length === 1 ? entries[0]?.[1] : undefined;
  return { byAlias, fallback: defaultAssistant !== undefined ? byAlias.get(defaultAssistant) : only };
}

/** Checks a budget against the platform's rate: anything faster would only earn upstream 429s. */
export function checkBudget(budget: RateLimit): RateLimit {
  positive('budget.limit', budget.limit);
  positive('budget.windowMs', budget.windowMs);
  if (budget.limit * 60_000 > PLATFORM_LIMITS.creationsPerMinute * budget.windowMs || budget.limit > PLATFORM_LIMITS.creationsPerMinute) {
    throw new SessionServerError('CONFIG_INVALID', `budget must be at most ${PLATFORM_LIMITS.creationsPerMinute} per minute.`);
  }
  return budget;
}

/** Checks the outstanding-token cap against the platform's concurrent-session limit. */
export function checkMaxOutstanding(max: number): number {
  positive('maxOutstanding', max);
  if (max > PLATFORM_LIMITS.concurrentSessions) {
    throw new SessionServerError('CONFIG_INVALID', `maxOutstanding must be at most ${PLATFORM_LIMITS.concurrentSessions}.`);
  }
  return max;
}

/** Throws unless `value` is a positive finite number. */
export function positive(name: string, value: number): void {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new SessionServerError('CONFIG_INVALID', `${name} must be a positive number.`);
  }
}
