import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { vetVariables } from '../src/variables-policy.js';

describe('vetVariables', () => {
  it('passes a request without variables under any policy', () => {
    expect(vetVariables(false, undefined)).toEqual({ ok: true, variables: undefined });
  });

  it('rejects any variables when the site allows none', () => {
    expect(vetVariables(false, { name: 'Ada' })).toMatchObject({ ok: false, code: 'VARIABLES_NOT_ALLOWED' });
  });

  it('accepts listed keys and refuses unlisted ones or over-long values', () => {
    const policy = { allowedKeys: ['name', 'plan'], maxLength: 5 } as const;
    expect(vetVariables(policy, { name: 'Ada', plan: 2 })).toEqual({ ok: true, variables: { name: 'Ada', plan: 2 } });
    expect(vetVariables(policy, { role: 'admin' })).toMatchObject({ ok: false, code: 'INVALID_VARIABLES' });
    expect(vetVariables(policy, { name: 'Adalovelace' })).toMatchObject({ ok: false, code: 'INVALID_VARIABLES' });
  });

  it('applies per-key caps when allowedKeys is a map', () => {
    const policy = { allowedKeys: { name: 3, note: 10 } };
    expect(vetVariables(policy, { note: 'ten chars!' }).ok).toBe(true);
    expect(vetVariables(policy, { name: 'Adam' }).ok).toBe(false);
  });

  it('refuses nested values, arrays and more than 50 keys', () => {
    const policy = { allowedKeys: Array.from({ length: 60 }, (_, i) => `k${i}`) };
    expect(vetVariables(policy, { k1: { deep: 1 } }).ok).toBe(false);
    expect(vetVariables(policy, ['k1']).ok).toBe(false);
    expect(vetVariables(policy, Object.fromEntries(policy.allowedKeys.map((k) => [k, 1]))).ok).toBe(false);
  });

  it('uses a zod schema when given one, and keeps only what it outputs', () => {
    const policy = { schema: z.object({ city: z.string().max(20) }) };
    expect(vetVariables(policy, { city: 'Oslo', injected: 'x' })).toEqual({ ok: true, variables: { city: 'Oslo' } });
    expect(vetVariables(policy, { city: 7 })).toMatchObject({ ok: false, code: 'INVALID_VARIABLES' });
  });
});
