/**
 * The error hierarchy of `@voice-session/api`.
 *
 * The classes form one family (a base, the HTTP status families and the transport failures), so they live in one
 * module rather than one file each: `instanceof` checks read best when the whole family is visible at once, and the
 * single factory `createAPIError` must know every subclass.
 */
import type { PlatformErrorCode } from '../schemas/errors.js';
import type { TemplateParamSpec } from '../schemas/automations.js';

/** A code from the spec's Errors table, or any other code string the platform may add later. */
export type ErrorCode = PlatformErrorCode | (string & {});

/** A failed field rule: Laravel's validation body maps each field to its messages. */
export type FieldErrors = Record<string, string[]>;

/** Options shared by every error of the package. */
export interface PlatformErrorOptions {
  code?: string | undefined;
  cause?: unknown;
}

/** Base class of every error `@voice-session/api` throws. */
export class PlatformError extends Error {
  override readonly name: string = 'PlatformError';
  /** A machine-readable code; for HTTP errors the platform's `error_code` (or its `error` code). */
  readonly code: ErrorCode | undefined;

  constructor(message: string, options: PlatformErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
  }
}

/** One field that failed a request rule, found before anything was sent. */
export interface ValidationIssue {
  /** Dotted path of the field, for example `links.0.link` or `name`. */
  field: string;
  /** The rule family that failed (zod's issue code: `too_big`, `invalid_format`, `custom`, …). */
  rule: string;
  message: string;
}

/** A request rejected by the client's own validation: it names each field and rule, and nothing was sent. */
export class RequestValidationError extends PlatformError {
  override readonly name = 'RequestValidationError';
  readonly issues: readonly ValidationIssue[];
  /** The same failures keyed by field, shaped like the platform's Laravel validation body. */
  readonly errors: FieldErrors;

  constructor(issues: readonly ValidationIssue[]) {
    const summary = issues.map((i) => `${i.field || '(request)'}: ${i.message} [${i.rule}]`).join('; ');
    super(`Invalid request: ${summary}`, { code: 'request_validation_failed' });
    this.issues = issues;
    const errors: FieldErrors = {};
    for (const issue of issues) (errors[issue.field] ??= []).push(issue.message);
    this.errors = errors;
  }
}

/** Everything `createAPIError` reads from a failed exchange. */
export interface APIErrorInit {
  status: number | undefined;
  body: unknown;
  headers: Headers | undefined;
  message?: string | undefined;
  cause?: unknown;
}

/** An error returned by the platform (or a failure to reach it); subclasses narrow it by status family. */
export class APIError extends PlatformError {
  override readonly name: string = 'APIError';
  /** HTTP status, or `undefined` when no response arrived. */
  readonly status: number | undefined;
  /** Laravel field errors (`{field: [messages]}`), when the body carried them. */
  readonly errors: FieldErrors | undefined;
  /** Template parameter specs, when the body carried them (`missing_params`, `template_not_found`). */
  readonly params: TemplateParamSpec[] | null | undefined;
  /** The parsed response body (JSON when possible, else text). */
  readonly body: unknown;
  readonly headers: Headers | undefined;
  /** How long the platform asked the caller to wait, from `Retry-After`. */
  readonly retryAfterMs: number | undefined;

  constructor(init: APIErrorInit) {
    const record = asRecord(init.body);
    super(init.message ?? messageOf(init.status, init.body), {
      code: codeOf(record),
      cause: init.cause,
    });
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.errors = fieldErrorsOf(record);
    this.params = paramsOf(record);
    this.retryAfterMs = init.headers ? parseRetryAfter(init.headers) : undefined;
  }
}

/** 400 Bad Request. */
export class BadRequestError extends APIError {
  override readonly name = 'BadRequestError';
  declare readonly status: 400;
}
/** 401: missing or invalid credentials. */
export class AuthenticationError extends APIError {
  override readonly name = 'AuthenticationError';
  declare readonly status: 401;
}
/** 402: the account lacks balance (`INSUFFICIENT_BALANCE`). */
export class PaymentRequiredError extends APIError {
  override readonly name = 'PaymentRequiredError';
  declare readonly status: 402;
}
/** 403: the caller may not do this (`ASSISTANT_BLOCKED`, `SESSION_EXPIRED`, no Billing Access…). */
export class PermissionDeniedError extends APIError {
  override readonly name = 'PermissionDeniedError';
  declare readonly status: 403;
}
/** 404: missing, or owned by another account. */
export class NotFoundError extends APIError {
  override readonly name = 'NotFoundError';
  declare readonly status: 404;
}
/** 422: validation failed on the platform, or a domain rule refused the request. */
export class UnprocessableEntityError extends APIError {
  override readonly name = 'UnprocessableEntityError';
  declare readonly status: 422;
}
/** 429: rate limited, or `CONCURRENT_LIMIT` when every realtime slot is taken. */
export class RateLimitError extends APIError {
  override readonly name = 'RateLimitError';
  declare readonly status: 429;
}
/** Any 5xx answer. */
export class InternalServerError extends APIError {
  override readonly name = 'InternalServerError';
  declare readonly status: number;
}

/** No response arrived: DNS, refused connection, reset, or a body that could not be read. */
export class APIConnectionError extends APIError {
  override readonly name: string = 'APIConnectionError';
  declare readonly status: undefined;

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ status: undefined, body: undefined, headers: undefined, message: options.message ?? 'Connection error.', cause: options.cause });
  }
}

/** The per-call timeout elapsed before the response was complete. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override readonly name = 'APIConnectionTimeoutError';

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ message: options.message ?? 'Request timed out.', cause: options.cause });
  }
}

/** The caller's `signal` aborted the request. */
export class APIUserAbortError extends APIError {
  override readonly name = 'APIUserAbortError';
  declare readonly status: undefined;

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ status: undefined, body: undefined, headers: undefined, message: options.message ?? 'Request was aborted.', cause: options.cause });
  }
}

/**
 * The one factory that turns a failed HTTP answer into the matching `APIError` subclass.
 *
 * @example
 * const err = createAPIError(429, { error_code: 'CONCURRENT_LIMIT' }, response.headers);
 */
export function createAPIError(status: number, body: unknown, headers: Headers): APIError {
  const init: APIErrorInit = { status, body, headers };
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 402) return new PaymentRequiredError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 422) return new UnprocessableEntityError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500) return new InternalServerError(init);
  return new APIError(init);
}

/**
 * Reads `Retry-After` (delay seconds or an HTTP date) and the non-standard `retry-after-ms`, in milliseconds.
 *
 * @example
 * parseRetryAfter(new Headers({ 'retry-after': '2' })); // 2000
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms);
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

// A body `error` counts as a code only when it is a bare identifier (`missing_params`, `SENDER_OFFLINE`):
// the platform also puts human sentences there ("Knowledgebase not found.", "Unauthorized").
const CODE_SHAPE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

function codeOf(body: Record<string, unknown> | undefined): string | undefined {
  if (!body) return undefined;
  if (typeof body.error_code === 'string' && body.error_code !== '') return body.error_code;
  if (typeof body.error === 'string' && CODE_SHAPE.test(body.error)) return body.error;
  return undefined;
}

function messageOf(status: number | undefined, body: unknown): string {
  const record = asRecord(body);
  const text =
    (typeof record?.message === 'string' && record.message) ||
    (typeof record?.error === 'string' && record.error) ||
    (typeof body === 'string' && body.trim() !== '' && body.slice(0, 200)) ||
    undefined;
  const prefix = status === undefined ? 'Request failed' : `${status}`;
  return text ? `${prefix} ${text}` : `${prefix} status code (no body)`;
}

function fieldErrorsOf(body: Record<string, unknown> | undefined): FieldErrors | undefined {
  const errors = asRecord(body?.errors);
  if (!errors) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    out[field] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
  }
  return out;
}

function paramsOf(body: Record<string, unknown> | undefined): TemplateParamSpec[] | null | undefined {
  if (!body || !('params' in body)) return undefined;
  const params = body.params;
  if (params === null) return null;
  return Array.isArray(params) ? (params.filter((p) => asRecord(p)) as TemplateParamSpec[]) : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
