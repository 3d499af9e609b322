import type { HeaderBag } from './json-response.js';

/** Origin rules resolved from the handler options. */
export interface OriginPolicy {
  /** Exact `Origin` values (scheme://host[:port]) allowed cross-origin. */
  allowed: ReadonlySet<string>;
  /** Requests with no `Origin` header (non-browser clients, which can forge it anyway) pass the origin check. */
  allowMissing: boolean;
  /** Request headers a cross-origin page may send. */
  allowedHeaders: readonly string[];
}

/** The origin check's verdict, with the CORS headers to add to the answer when allowed. */
export type OriginVerdict = { ok: true; headers: HeaderBag } | { ok: false; headers: HeaderBag };

// Every answer depends on Origin, so shared caches must key on it.
const VARY: HeaderBag = { vary: 'Origin' };

/**
 * Checks a request's `Origin`: exact match against the allow-list, or the server's own origin
 * (browsers send `Origin` on same-origin POSTs too). No credentials are ever allowed cross-origin.
 */
export function checkOrigin(request: Request, policy: OriginPolicy): OriginVerdict {
  const origin = request.headers.get('origin');
  if (origin === null) return { ok: policy.allowMissing, headers: VARY };
  if (policy.allowed.has(origin)) return { ok: true, headers: { ...VARY, 'access-control-allow-origin': origin } };
  if (origin === selfOrigin(request)) return { ok: true, headers: VARY };
  return { ok: false, headers: VARY };
}

/**
 * Answers a CORS preflight: only for an allowed cross-origin page asking to POST with allowed headers.
 * Returns the headers of a 204, or `undefined` when the preflight must be refused.
 */
export function preflightHeaders(request: Request, policy: OriginPolicy): HeaderBag | undefined {
  const origin = request.headers.get('origin');
  if (origin === null || !policy.allowed.has(origin)) return undefined;
  if (request.headers.get('access-control-request-method') !== 'POST') return undefined;
  const asked = (request.headers.get('access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  const allowed = new Set(policy.allowedHeaders.map((h) => h.toLowerCase()));
  if (!asked.every((h) => allowed.has(h))) return undefined;
  return {
    ...VARY,
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': [...allowed].join(', '),
    'access-control-max-age': '600',
  };
}

/** The CORS headers for an answer to `origin` (none unless it is on the allow-list). */
export function corsHeaders(origin: string | undefined, policy: OriginPolicy): HeaderBag {
  return origin !== undefined && policy.allowed.has(origin) ? { ...VARY, 'access-control-allow-origin': origin } : VARY;
}

function selfOrigin(request: Request): string | undefined {
  try {
    return new URL(request.url).origin;
  } catch {
    return undefined;
  }
}
