import {
  classifyUpstreamError,
  isRetryable,
  type CreateUpstreamSession,
  type UpstreamFailure,
  type UpstreamSession,
  type UpstreamSessionParams,
} from './upstream.js';

/** The outcome of {@link callUpstream}, with how many attempts it took. */
export type UpstreamResult =
  | { ok: true; session: UpstreamSession; attempts: number }
  | { ok: false; failure: UpstreamFailure; attempts: number };

/** How {@link callUpstream} times and retries. */
export interface UpstreamCallPolicy {
  /** Per attempt, enforced here even if the seam ignores its signal. */
  timeoutMs: number;
  /** Asked before the one retry; `false` (e.g. no budget left) returns the first failure instead. */
  mayRetry: () => Promise<boolean>;
}

const TIMED_OUT = Symbol('timed out');

/**
 * Creates a session upstream with a per-attempt timeout and at most one retry, and only when the
 * first attempt was refused at connect or answered `CONNECTION_FAILED`: both mean nothing was created,
 * while retrying a timeout could mint a second token that holds a second platform slot.
 */
export async function callUpstream(
  create: CreateUpstreamSession,
  params: UpstreamSessionParams,
  policy: UpstreamCallPolicy,
): Promise<UpstreamResult> {
  const first = await attempt(create, params, policy.timeoutMs);
  if (first.ok) return { ...first, attempts: 1 };
  if (!isRetryable(first.failure) || !(await policy.mayRetry())) return { ...first, attempts: 1 };
  const second = await attempt(create, params, policy.timeoutMs);
  return { ...second, attempts: 2 };
}

async function attempt(
  create: CreateUpstreamSession,
  params: UpstreamSessionParams,
  timeoutMs: number,
): Promise<{ ok: true; session: UpstreamSession } | { ok: false; failure: UpstreamFailure }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  const call = create(params, { timeout: timeoutMs, signal: controller.signal });
  // The call may still settle after the deadline won; its result is no longer anyone's concern.
  call.catch(() => undefined);
  try {
    const outcome = await Promise.race([call, deadline]);
    if (outcome === TIMED_OUT) {
      controller.abort();
      return { ok: false, failure: { kind: 'timeout' } };
    }
    return isSession(outcome) ? { ok: true, session: outcome } : { ok: false, failure: { kind: 'invalid_response' } };
  } catch (error) {
    return { ok: false, failure: classifyUpstreamError(error) };
  } finally {
    clearTimeout(timer);
  }
}

// The api client is a tolerant reader and hands back bodies that miss fields; a token we cannot use is a failure.
function isSession(value: unknown): value is UpstreamSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['id'] === 'string' && v['id'] !== '' &&
    typeof v['url'] === 'string' && v['url'] !== '' &&
    typeof v['token'] === 'string' && v['token'] !== '' &&
    typeof v['expires_in'] === 'number' && Number.isFinite(v['expires_in']) && v['expires_in'] > 0
  );
}
