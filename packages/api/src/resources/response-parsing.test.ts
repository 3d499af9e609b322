/**
 * The transport skips parsing a registry endpoint's response when no logger is set (see `responseCheckOnly`). That is
 * only sound while every registry response schema is check-only: these tests hold that line.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlatformClient } from '../client.js';
import { fakeFetch, jsonResponse } from '../core/fake-fetch.test-support.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import { ASSISTANT_UUID, bodies, recordingLogger, testClient } from './fixtures.test-support.js';

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string; coerce?: boolean; checks?: Array<{ _zod: { def: { check: string } } }> } };
}

// Schema kinds whose output can differ from their input.
const TRANSFORMING_TYPES = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'codec']);

/** Paths (inside `schema`) of every node that could make the output differ from the input. */
function transformingNodes(schema: unknown, path = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as ZodInternals)._zod.def;
  const found: string[] = [];
  if (TRANSFORMING_TYPES.has(def.type)) found.push(`${path || '(root)'}: ${def.type}`);
  if (def.coerce === true) found.push(`${path || '(root)'}: coerce`);
  for (const check of def.checks ?? []) {
    if (check._zod.def.check === 'overwrite') found.push(`${path || '(root)'}: overwrite check`);
  }
  const children: Array<[string, unknown]> = [];
  if (def.type === 'object') {
    for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) children.push([`${path}.${key}`, child]);
    if (def.catchall) children.push([`${path}.*`, def.catchall]);
  }
  if (def.type === 'array') children.push([`${path}[]`, def.element]);
  if (def.type === 'union') (def.options as unknown[]).forEach((option, i) => children.push([`${path}|${i}`, option]));
  if (def.type === 'record') children.push([`${path}{key}`, def.keyType], [`${path}{}`, def.valueType]);
  if (def.type === 'intersection') children.push([`${path}&left`, def.left], [`${path}&right`, def.right]);
  if (def.type === 'tuple') (def.items as unknown[]).forEach((item, i) => children.push([`${path}[${i}]`, item]));
  if (def.type === 'lazy') children.push([path, (def.getter as () => unknown)()]);
  if (def.innerType) children.push([path, def.innerType]);
  for (const [childPath, child] of children) found.push(...transformingNodes(child, childPath, seen));
  return found;
}

describe('response parsing', () => {
  it('finds a transforming node when one exists, so the walk below can fail', () => {
    const drifting = z.looseObject({ a: z.array(z.looseObject({ b: z.string().trim() })), c: z.number().default(1) });
    expect(transformingNodes(drifting)).toEqual(['.a[].b: overwrite check', '.c: default']);
  });

  it.each(Object.values(ENDPOINTS).map((e) => [e.id, e.response] as const))('%s has a check-only response schema', (_id, schema) => {
    expect(transformingNodes(schema)).toEqual([]);
  });

  it('returns the same value with and without a logger', async () => {
    const withLogger = testClient([jsonResponse(bodies.realtime)], { logger: recordingLogger() });
    const without = testClient([jsonResponse(bodies.realtime)]);
    const call = (c: PlatformClient) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID });
    expect(await call(without.client)).toEqual(await call(withLogger.client));
  });

  it('returns a drifting body as is, and warns about it when a logger is set', async () => {
    const drifted = { api_keys: 'not a list' };
    const logger = recordingLogger();
    const logged = testClient([jsonResponse(drifted)], { logger });
    await expect(logged.client.apiKeys.list()).resolves.toEqual(drifted);
    expect(logger.lines.some((l) => l.level === 'warn' && /did not match/.test(l.message))).toBe(true);
    const silent = testClient([jsonResponse(drifted)]);
    await expect(silent.client.apiKeys.list()).resolves.toEqual(drifted);
  });

  it("always applies a caller's own schema in client.request, logger or not", async () => {
    const client = new PlatformClient({ apiKey: 'k_1234', baseUrl: 'https://p.test/api', fetch: fakeFetch([jsonResponse({ n: '5' })]) });
    const result = await client.request({ method: 'GET', path: '/x', response: z.looseObject({ n: z.coerce.number() }) });
    expect(result.n).toBe(5);
  });
});
