import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PlatformErrorCode } from '../schemas/errors.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PlatformError,
  RateLimitError,
  RequestValidationError,
  type ErrorCode,
  UnprocessableEntityError,
  createAPIError,
  parseRetryAfter,
} from './errors.js';

const headers = (init: Record<string, string> = {}): Headers => new Headers(init);

describe('createAPIError', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [402, PaymentRequiredError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
  ] as const)('maps status %i to its subclass', (status, Class) => {
    const error = createAPIError(status, { message: 'm' }, headers());
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.name).toBe(Class.name);
    expect(error.status).toBe(status);
  });

  it('falls back to APIError for other statuses such as 409', () => {
    const error = createAPIError(409, { error: 'exists' }, headers());
    expect(error.constructor).toBe(APIError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('409 exists');
  });

  it('takes the code from error_code first', () => {
    const error = createAPIError(429, { success: false, error: 'Too many sessions', error_code: 'CONCURRENT_LIMIT' }, headers());
    expect(error.code).toBe('CONCURRENT_LIMIT');
    expect(error.message).toBe('429 Too many sessions');
  });

  it('takes the code from a code-shaped error when there is no error_code', () => {
    expect(createAPIError(422, { message: 'Missing', error: 'missing_params', params: [] }, headers()).code).toBe('missing_params');
    expect(createAPIError(422, { message: 'No-op', error: 'retry_no_op' }, headers()).code).toBe('retry_no_op');
  });

  it('does not mistake a human sentence in error for a code', () => {
    expect(createAPIError(404, { error: 'Knowledgebase not found.' }, headers()).code).toBeUndefined();
    expect(createAPIError(403, { error: 'Unauthorized' }, headers()).code).toBeUndefined();
  });

  it('carries field errors, template params, body, headers and retryAfterMs', () => {
    const body = { message: 'Missing', error: 'missing_params', params: [{ key: 'email', label: 'Email', description: null, required: true, example: 'a@b.c' }] };
    const error = createAPIError(422, body, headers({ 'retry-after': '2' }));
    expect(error.params).toEqual(body.params);
    expect(error.body).toBe(body);
    expect(error.headers?.get('retry-after')).toBe('2');
    expect(error.retryAfterMs).toBe(2000);
    const validation = createAPIError(422, { message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } }, headers());
    expect(validation.errors).toEqual({ name: ['The name field is required.'] });
    expect(validation.message).toBe('422 The given data was invalid.');
  });

  it('keeps params null when the body says null (template_not_found)', () => {
    expect(createAPIError(404, { message: 'x', error: 'template_not_found', params: null }, headers()).params).toBeNull();
  });

  it('describes a failure without a body', () => {
    const error = createAPIError(500, undefined, headers());
    expect(error.message).toBe('500 status code (no body)');
    expect(error.code).toBeUndefined();
  });
});

describe('transport errors', () => {
  it('gives connection, timeout and abort errors their names and no status', () => {
    const cause = new Error('reset');
    const connection = new APIConnectionError({ cause });
    expect(connection.name).toBe('APIConnectionError');
    expect(connection.status).toBeUndefined();
    expect(connection.cause).toBe(cause);
    const timeout = new APIConnectionTimeoutError();
    expect(timeout).toBeInstanceOf(APIConnectionError);
    expect(timeout.name).toBe('APIConnectionTimeoutError');
    const abort = new APIUserAbortError();
    expect(abort).toBeInstanceOf(APIError);
    expect(abort).not.toBeInstanceOf(APIConnectionError);
    expect(abort.name).toBe('APIUserAbortError');
  });

  it('builds a RequestValidationError naming each field and rule', () => {
    const error = new RequestValidationError([
      { field: 'name', rule: 'too_big', message: 'too long' },
      { field: 'links.0.link', rule: 'invalid_format', message: 'bad url' },
    ]);
    expect(error.name).toBe('RequestValidationError');
    expect(error.code).toBe('request_validation_failed');
    expect(error.message).toContain('name: too long [too_big]');
    expect(error.message).toContain('links.0.link: bad url [invalid_format]');
    expect(error.errors).toEqual({ name: ['too long'], 'links.0.link': ['bad url'] });
  });
});

describe('parseRetryAfter', () => {
  it('reads delay seconds, fractional seconds, retry-after-ms and HTTP dates', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '30' }))).toBe(30_000);
    expect(parseRetryAfter(headers({ 'retry-after': '1.5' }))).toBe(1500);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(headers())).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});

describe('error code typing', () => {
  it('types code as the union of the Errors table codes, open to codes added later', () => {
    expectTypeOf<PlatformErrorCode>().toExtend<ErrorCode>();
    expectTypeOf<'CONCURRENT_LIMIT' | 'retry_no_op' | 'missing_params'>().toExtend<NonNullable<APIError['code']>>();
    expectTypeOf<APIError['code']>().toEqualTypeOf<ErrorCode | undefined>();
    const error = createAPIError(422, { error: 'retry_no_op' }, new Headers());
    expect(error.code).toBe('retry_no_op');
  });
});
