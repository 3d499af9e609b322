import type { SessionErrorCode } from './json-response.js';
import type { UpstreamFailure } from './upstream.js';

/** A browser-facing answer for an upstream failure, and how to log it. */
export interface MappedFailure {
  status: number;
  code: SessionErrorCode;
  /** Our own words: never the upstream body, which may echo request data. */
  message: string;
  retryAfterMs?: number;
  /** `misconfiguration` failures are the site's to fix (wrong key, assistant id), so they log at error level. */
  outcome: 'upstream_error' | 'misconfiguration' | 'busy' | 'rate_limited' | 'unavailable' | 'invalid_variables';
}

const MINUTE = 60_000;
const SHORT_RETRY = 5_000;

/**
 * The mapping table, row by row: upstream status and `error_code` to the browser's status and code.
 * `browserVariables` says whether the request carried variables from the browser, which decides whether
 * a 422 is the visitor's fault (400) or the site's (500).
 */
export function mapUpstreamFailure(failure: UpstreamFailure, browserVariables: boolean): MappedFailure {
  switch (failure.kind) {
    case 'refused':
    case 'unreachable':
      return { status: 502, code: 'UPSTREAM_UNREACHABLE', message: 'The voice service cannot be reached.', retryAfterMs: SHORT_RETRY, outcome: 'upstream_error' };
    case 'timeout':
      return { status: 504, code: 'UPSTREAM_TIMEOUT', message: 'The voice service did not answer in time.', retryAfterMs: SHORT_RETRY, outcome: 'upstream_error' };
    case 'invalid_response':
      return { status: 502, code: 'UPSTREAM_FAILED', message: 'The voice service gave an unexpected answer.', retryAfterMs: SHORT_RETRY, outcome: 'upstream_error' };
    case 'status':
      return mapStatus(failure, browserVariables);
  }
}

function mapStatus(failure: Extract<UpstreamFailure, { kind: 'status' }>, browserVariables: boolean): MappedFailure {
  const unavailable = (outcome: MappedFailure['outcome']): MappedFailure => ({
    status: 503,
    code: 'UNAVAILABLE',
    message: 'Voice sessions are unavailable right now.',
    retryAfterMs: MINUTE,
    outcome,
  });
  switch (failure.status) {
    case 402:
      return unavailable('unavailable');
    case 401:
    case 403:
    case 404:
      // Bad API key, blocked or unknown assistant: nothing the visitor can change; the site must.
      return unavailable('misconfiguration');
    case 422:
      return browserVariables && blamesVariables(failure.fields)
        ? { status: 400, code: 'INVALID_VARIABLES', message: 'The session variables were rejected.', outcome: 'invalid_variables' }
        : { status: 500, code: 'INTERNAL', message: 'The session request was rejected.', outcome: 'misconfiguration' };
    case 429:
      return failure.code === 'CONCURRENT_LIMIT'
        ? { status: 503, code: 'BUSY', message: 'All voice lines are busy; try again later.', retryAfterMs: failure.retryAfterMs ?? MINUTE, outcome: 'busy' }
        : { status: 429, code: 'RATE_LIMITED', message: 'Too many sessions were started; try again later.', retryAfterMs: failure.retryAfterMs ?? MINUTE, outcome: 'rate_limited' };
    case 503:
      return { status: 502, code: 'UPSTREAM_FAILED', message: 'The voice session could not be created.', retryAfterMs: SHORT_RETRY, outcome: 'upstream_error' };
    default:
      return { status: 502, code: 'UPSTREAM_FAILED', message: 'The voice service failed.', retryAfterMs: SHORT_RETRY, outcome: 'upstream_error' };
  }
}

// Without field names (a seam that drops the body) the browser's variables are the only thing it sent
// that the site did not vet in code, so they take the blame; with names, only variable fields do.
function blamesVariables(fields: string[]): boolean {
  return fields.length === 0 || fields.every((f) => f === 'variables' || f.startsWith('variables.'));
}
