/**
 * A sliding-window rate limiter on the emulator clock: at most `limit` hits per `windowMs` per key.
 */

/** Counts hits per key and refuses those over the limit. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Record a hit for `key`; returns `false` (and records nothing) when the key is over its limit. */
  tryHit(key: string): boolean {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }

  /** Seconds until `key` may hit again (at least 1, for `Retry-After`). */
  retryAfterSeconds(key: string): number {
    const oldest = this.hits.get(key)?.[0];
    if (oldest === undefined) return 1;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Forget every hit (reset). */
  clear(): void {
    this.hits.clear();
  }
}
