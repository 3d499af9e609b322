/**
 * Shared by the spec Errors-table tests: catching a client failure and checking it against a row
 * (class, status, code, body, JSON only) and against the api registry's `errors` list of the endpoint.
 */
import { APIError } from '@voice-session/api';
import { ENDPOINTS, type EndpointDefinition, type EndpointId } from '@voice-session/api/schemas';
import { expect } from 'vitest';

/** The APIError a call rejects with (anything else fails the test). */
export async function failure(call: PromiseLike<unknown>): Promise<APIError> {
  const outcome = await Promise.resolve(call).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof APIError)) throw outcome.error;
  return outcome.error;
}



/** What a row of the Errors table says a failure is. */
export interface Expected {
  Class: typeof APIError;
  status: number;
  code?: string | undefined;
  body?: unknown;
  endpoint: EndpointId;
}

/** Check a failure against its row and against the registry. */
export function expectRow(error: APIError, { Class, status, code, body, endpoint }: Expected): void {
  expect(error).toBeInstanceOf(Class);
  expect(error.status).toBe(status);
  expect(error.code).toBe(code);
  if (body !== undefined) expect(error.body).toEqual(body);
  // Never a stack trace or an HTML page.
  expect(error.headers?.get('content-type')).toMatch(/^application\/json/);
  expect(JSON.stringify(error.body)).not.toMatch(/\bat .+:\d+:\d+|<html/i);
  const listed = ((ENDPOINTS[endpoint] as EndpointDefinition).errors ?? []).map((e) => e.status);
  expect(listed, `${endpoint} registry errors`).toContain(status);
}
