/**
 * Fixed-window request counters on the emulator clock, as Laravel's throttle middleware keeps them:
 * the window opens at the first hit and lasts `windowSeconds`; refused requests do not count.
 */
import type { Clock } from './model.js';

/** Outcome of one {@link RateWindow.hit}. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Per-key fixed-window rate limiter. */
export class RateWindow {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  /** Count one request for `key` unless the limit is already reached. */
  hit(key: string): RateDecision {
    const now = this.clock.now();
    const windowMs = this.windowSeconds * 1000;
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= this.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) };
    }
    w.count++;
    return { allowed: true };
  }

  reset(): void {
    this.windows.clear();
  }
}
