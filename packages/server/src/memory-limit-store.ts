import type { LimitStore, TakeResult } from './limit-store.js';

// Sweep idle per-key logs every this many takes so a stream of distinct keys cannot grow memory forever.
const SWEEP_EVERY = 1000;

interface HitLog {
  hits: number[];
  windowMs: number;
}

/**
 * The default {@link LimitStore}: counters in this process's memory. Right for one process; several
 * processes behind a load balancer need a shared store, or each would spend the whole budget.
 *
 * @example
 * ```ts
 * const handler = createSessionHandler({ apiKey, assistantId, store: new MemoryLimitStore() });
 * ```
 */
export class MemoryLimitStore implements LimitStore {
  readonly #logs = new Map<string, HitLog>();
  readonly #slots = new Map<string, Map<string, number>>();
  #takesSinceSweep = 0;

  async take(key: string, limit: number, windowMs: number, now: number): Promise<TakeResult> {
    if (++this.#takesSinceSweep >= SWEEP_EVERY) this.#sweep(now);
    const log = this.#logs.get(key) ?? { hits: [], windowMs };
    this.#logs.set(key, log);
    log.windowMs = windowMs;
    // A sliding log, not a fixed window: a fixed window lets 2×limit through around a boundary,
    // which is exactly what trips the platform's own per-minute limit.
    const since = now - windowMs;
    while (log.hits.length > 0 && (log.hits[0] as number) <= since) log.hits.shift();
    if (log.hits.length >= limit) {
      const oldest = log.hits[log.hits.length - limit] as number;
      return { ok: false, retryAfterMs: Math.max(1, oldest + windowMs - now) };
    }
    log.hits.push(now);
    return { ok: true };
  }

  async reserveSlot(key: string, id: string, max: number, expiresAt: number, now: number): Promise<TakeResult> {
    const slots = this.#slots.get(key) ?? new Map<string, number>();
    this.#slots.set(key, slots);
    let earliest = Number.POSITIVE_INFINITY;
    for (const [slot, until] of slots) {
      if (until <= now) slots.delete(slot);
      else earliest = Math.min(earliest, until);
    }
    if (slots.size >= max) return { ok: false, retryAfterMs: Math.max(1, earliest - now) };
    slots.set(id, expiresAt);
    return { ok: true };
  }

  async extendSlot(key: string, id: string, expiresAt: number): Promise<void> {
    const slots = this.#slots.get(key);
    if (slots?.has(id)) slots.set(id, expiresAt);
  }

  async releaseSlot(key: string, id: string): Promise<void> {
    this.#slots.get(key)?.delete(id);
  }

  #sweep(now: number): void {
    this.#takesSinceSweep = 0;
    for (const [key, log] of this.#logs) {
      const last = log.hits[log.hits.length - 1];
      if (last === undefined || last <= now - log.windowMs) this.#logs.delete(key);
    }
  }
}
