/**
 * Follows the caller's clock (the handler's `now`) against this process's monotonic clock, so the
 * Redis scripts can add the caller's *jumps* (a test clock advanced, a clock stepped) to Redis's own
 * `TIME` while ignoring the caller's constant offset (skew between machines).
 */
export class CallerClock {
  // caller time − monotonic time: constant while the caller's clock runs at real speed.
  #firstOffset: number | undefined;

  /**
   * How far the caller's clock has moved beyond real elapsed time since this store first saw it,
   * in whole milliseconds (0 for `Date.now`, +900 000 after a test clock was advanced 900 s).
   */
  jump(callerNow: number): number {
    const offset = callerNow - monotonicNow();
    this.#firstOffset ??= offset;
    return Math.round(offset - this.#firstOffset);
  }
}

// Epoch-based monotonic milliseconds: starts at Date.now but never steps with the wall clock.
function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}
