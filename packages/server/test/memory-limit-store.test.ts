import { describe, expect, it } from 'vitest';
import { MemoryLimitStore } from '../src/memory-limit-store.js';

describe('MemoryLimitStore', () => {
  it('refuses the hit past the limit within the window and says when the oldest leaves it', async () => {
    const store = new MemoryLimitStore();
    for (let t = 0; t < 3; t++) expect(await store.take('k', 3, 60_000, 1000 + t * 1000)).toEqual({ ok: true });
    expect(await store.take('k', 3, 60_000, 10_000)).toEqual({ ok: false, retryAfterMs: 51_000 });
    expect(await store.take('other', 3, 60_000, 10_000)).toEqual({ ok: true });
  });

  it('slides the window instead of resetting it at a boundary', async () => {
    const store = new MemoryLimitStore();
    for (let i = 0; i < 10; i++) await store.take('k', 10, 60_000, 59_000);
    // A fixed window would reset at 60 000 and let ten more through one second later.
    expect((await store.take('k', 10, 60_000, 61_000)).ok).toBe(false);
    expect((await store.take('k', 10, 60_000, 119_001)).ok).toBe(true);
  });

  it('frees an outstanding slot when its expiry passes, not before', async () => {
    const store = new MemoryLimitStore();
    expect((await store.reserveSlot('s', 'a', 2, 5_000, 0)).ok).toBe(true);
    expect((await store.reserveSlot('s', 'b', 2, 9_000, 0)).ok).toBe(true);
    expect(await store.reserveSlot('s', 'c', 2, 9_000, 1_000)).toEqual({ ok: false, retryAfterMs: 4_000 });
    expect((await store.reserveSlot('s', 'c', 2, 9_000, 4_999)).ok).toBe(false);
    expect((await store.reserveSlot('s', 'c', 2, 9_000, 5_000)).ok).toBe(true);
  });

  it('moves a slot expiry on extend and frees it on release', async () => {
    const store = new MemoryLimitStore();
    await store.reserveSlot('s', 'a', 1, 1_000, 0);
    await store.extendSlot('s', 'a', 50_000);
    expect(await store.reserveSlot('s', 'b', 1, 60_000, 2_000)).toEqual({ ok: false, retryAfterMs: 48_000 });
    await store.releaseSlot('s', 'a');
    expect((await store.reserveSlot('s', 'b', 1, 60_000, 2_000)).ok).toBe(true);
  });
});
