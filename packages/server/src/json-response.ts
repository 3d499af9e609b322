/** Browser-facing error codes this server answers with; the body is always `{error: {code, message}}`. */
export type SessionErrorCode =
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNKNOWN_ASSISTANT'
  | 'VARIABLES_NOT_ALLOWED'
  | 'INVALID_VARIABLES'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'ORIGIN_NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'RATE_LIMITED'
  | 'BUSY'
  | 'UNAVAILABLE'
  | 'UPSTREAM_FAILED'
  | 'UPSTREAM_UNREACHABLE'
  | 'UPSTREAM_TIMEOUT'
  | 'INTERNAL';

/** Extra headers for one response (CORS, `Retry-After`). */
export type HeaderBag = Record<string, string>;

// Every answer may carry a session token or a refusal that depends on live budget: never cache.
const BASE_HEADERS: HeaderBag = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

/** A JSON response with `Cache-Control: no-store`. */
export function jsonResponse(status: number, body: unknown, headers: HeaderBag = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } });
}

/** A browser-facing error: `{error: {code, message}}`, with `Retry-After` (whole seconds, at least 1) when given. */
export function errorResponse(
  status: number,
  code: SessionErrorCode,
  message: string,
  options: { retryAfterMs?: number; headers?: HeaderBag } = {},
): Response {
  const headers: HeaderBag = { ...options.headers };
  if (options.retryAfterMs !== undefined) headers['retry-after'] = String(retryAfterSeconds(options.retryAfterMs));
  return jsonResponse(status, { error: { code, message } }, headers);
}

/** Milliseconds to a `Retry-After` value: whole seconds rounded up, never 0 (0 invites an instant retry storm). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
