/**
 * The retry policy: which failures are safe to repeat, and how long to wait before doing so.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from './errors.js';

/** Retries per call unless the client or the call says otherwise. */
export const DEFAULT_MAX_RETRIES = 2;

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A `Retry-After` longer than this is not waited out: the caller gets the 429 and decides. */
export const MAX_RETRY_AFTER_MS = 60_000;

// Error codes of the cause chain that prove the request never left this machine, so even a POST is safe to repeat.
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Decides whether `error` from a `method` request may be retried.
 *
 * - A plain 429 (no `CONCURRENT_LIMIT`) was not processed: retry on any method.
 * - `CONCURRENT_LIMIT` only clears when a session ends: never retry.
 * - GET (and HEAD) are idempotent: also retry connection errors, timeouts, 408 and 5xx.
 * - Other methods may already have had their effect after a timeout, a 5xx or a dropped connection (a send, a create,
 *   an apply-template): never retry them, unless the connection was refused before anything was sent.
 */
export function isRetryable(method: string, error: unknown): boolean {
  if (error instanceof APIUserAbortError || !(error instanceof APIError)) return false;
  const idempotent = method === 'GET' || method === 'HEAD';
  if (error.status === 429) {
    if (error.code === 'CONCURRENT_LIMIT') return false;
    return error.retryAfterMs === undefined || error.retryAfterMs <= MAX_RETRY_AFTER_MS;
  }
  if (error instanceof APIConnectionTimeoutError) return idempotent;
  if (error instanceof APIConnectionError) return idempotent || neverSent(error);
  if (error.status === 408 || (error.status !== undefined && error.status >= 500)) return idempotent;
  return false;
}

/**
 * Milliseconds to wait before retry number `retry` (0 = first retry): the server's `Retry-After` when it gave one,
 * else exponential backoff from 0.5 s (capped at 8 s) with up to 25 % jitter taken off, so that clients that failed
 * together do not retry together.
 */
export function retryDelay(retry: number, retryAfterMs: number | undefined, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0 && retryAfterMs <= MAX_RETRY_AFTER_MS) return retryAfterMs;
  const base = Math.min(INITIAL_DELAY_MS * 2 ** retry, MAX_DELAY_MS);
  return Math.round(base * (1 - 0.25 * random()));
}

function neverSent(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NEVER_SENT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Resolves after `ms`, or rejects with `APIUserAbortError` as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new APIUserAbortError({ cause: signal.reason }));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new APIUserAbortError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
