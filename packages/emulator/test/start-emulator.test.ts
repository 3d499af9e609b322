/**
 * `startEmulator({port, host, seed, now})` as the issue specifies it: what it resolves to, what the seed and
 * the start time decide, and a `close()` that really stops listening.
 */
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';

const quiet = { media: false as const, log: () => undefined };

describe('startEmulator', () => {
  it('resolves to baseUrl, mediaUrl, apiKeys, clock and close() on the given host and a free port', async () => {
    const emu = await startEmulator({ ...quiet, port: 0, host: '127.0.0.1', seed: 7, now: '2031-05-06T07:08:09Z' });
    try {
      expect(emu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      expect(emu.mediaUrl).toBe(emu.baseUrl.replace(/^http/, 'ws').replace(/\/api$/, ''));
      expect(Object.keys(emu.apiKeys)).toEqual(['primary', 'secondary', 'member']);
      // The clock starts at `now` (and moves on with real time).
      expect(emu.clock.now() - Date.parse('2031-05-06T07:08:09Z')).toBeGreaterThanOrEqual(0);
      expect(emu.clock.now() - Date.parse('2031-05-06T07:08:09Z')).toBeLessThan(60_000);
      const keys = await fetch(`${emu.baseUrl}/user/api-keys`, { headers: { authorization: `Bearer ${emu.apiKeys.member}` } });
      expect(keys.status).toBe(200);
    } finally {
      await emu.close();
    }
    await emu.close();
    await expect(fetch(`${emu.baseUrl}/user/api-keys`)).rejects.toThrow();
  });

  it('repeats the same keys and ids for the same seed, and others for another seed', async () => {
    const seedOf = async (seed: number) => {
      const emu = await startEmulator({ ...quiet, seed });
      try {
        const fixtures = (await (await fetch(`${emu.controlUrl}/seed`)).json()) as { primary: { assistants: Array<{ uuid: string }> } };
        return { keys: emu.apiKeys, uuids: fixtures.primary.assistants.map((a) => a.uuid) };
      } finally {
        await emu.close();
      }
    };
    const [a, b, c] = [await seedOf(7), await seedOf(7), await seedOf(8)];
    expect(b).toEqual(a);
    expect(c.keys.primary).not.toBe(a.keys.primary);
    expect(c.uuids).not.toEqual(a.uuids);
  });
});
