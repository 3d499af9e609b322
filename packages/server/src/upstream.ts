/** The scalar prompt variables the platform accepts (max 50 keys). */
export type SessionVariables = Record<string, string | number | boolean>;

/** What the server sends upstream: built field by field, never the browser's body as is. */
export interface UpstreamSessionParams {
  assistant_id: string;
  variables?: SessionVariables;
  external_identifier?: string;
}

/** The platform's realtime session: `expires_in` seconds of validity from minting. */
export interface UpstreamSession {
  id: string;
  url: string;
  token: string;
  expires_in: number;
}

/** Per-attempt options: the handler owns timeouts and retries, so the seam must not retry by itself. */
export interface UpstreamCallOptions {
  timeout: number;
  signal: AbortSignal;
}

/**
 * The one upstream operation the server needs: create a realtime session. The default wraps
 * `PlatformClient.realtime.createSession`; tests and other transports can pass their own.
 */
export type CreateUpstreamSession = (
  params: UpstreamSessionParams,
  options: UpstreamCallOptions,
) => Promise<UpstreamSession>;

/** Why an upstream call failed, reduced to what the error mapping needs (no upstream body kept). */
export type UpstreamFailure =
  | { kind: 'status'; status: number; code: string | undefined; retryAfterMs: number | undefined; fields: string[] }
  | { kind: 'refused' }
  | { kind: 'unreachable' }
  | { kind: 'timeout' }
  | { kind: 'invalid_response' };

/** True for the two failures worth one retry: nothing was created upstream, and trying again may work. */
export function isRetryable(failure: UpstreamFailure): boolean {
  if (failure.kind === 'refused') return true;
  return failure.kind === 'status' && failure.status === 503 && failure.code === 'CONNECTION_FAILED';
}

/**
 * Reduces whatever a {@link CreateUpstreamSession} threw to an {@link UpstreamFailure}. Duck-typed
 * (status, code, retryAfterMs, cause chain) so it reads the api client's errors and any seam's alike.
 */
export function classifyUpstreamError(error: unknown): UpstreamFailure {
  if (!isObject(error)) return { kind: 'unreachable' };
  const status = error['status'];
  if (typeof status === 'number' && status >= 400) {
    return {
      kind: 'status',
      status,
      code: stringOrUndefined(error['code']) ?? stringOrUndefined(error['error_code']),
      retryAfterMs: numberOrUndefined(error['retryAfterMs']),
      fields: validationFields(error),
    };
  }
  const name = error['name'];
  // The client's own validation refused the request before sending: the same verdict as an upstream 422.
  if (name === 'RequestValidationError') {
    return { kind: 'status', status: 422, code: undefined, retryAfterMs: undefined, fields: validationFields(error) };
  }
  if (name === 'APIConnectionTimeoutError' || name === 'TimeoutError' || name === 'UpstreamTimeoutError') {
    return { kind: 'timeout' };
  }
  if (causeChainHasCode(error, 'ECONNREFUSED')) return { kind: 'refused' };
  if (name === 'ZodError' || name === 'APIResponseValidationError') return { kind: 'invalid_response' };
  return { kind: 'unreachable' };
}

function causeChainHasCode(error: Record<string, unknown>, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && isObject(current); depth++) {
    if (current['code'] === code) return true;
    // AggregateError (happy eyeballs over IPv4+IPv6) keeps the per-address errors in `errors`.
    const nested = current['errors'];
    if (Array.isArray(nested) && nested.some((e) => isObject(e) && e['code'] === code)) return true;
    current = current['cause'];
  }
  return false;
}

// The field names of a validation body (`{errors: {field: [...]}}`), wherever the error keeps the body.
function validationFields(error: Record<string, unknown>): string[] {
  for (const holder of [error['body'], error['error'], error['errors'] === undefined ? undefined : error]) {
    if (isObject(holder) && isObject(holder['errors'])) return Object.keys(holder['errors']);
  }
  return [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
