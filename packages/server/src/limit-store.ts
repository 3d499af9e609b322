/** Outcome of a check-and-take: granted, or refused with how long until it could succeed. */
export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Where the server keeps the counters that protect the account's shared budget: a sliding-window
 * creation budget and the count of outstanding (minted, unexpired) tokens. Each method is one
 * atomic check-and-take, so a store shared between processes (Redis) can implement it with one script.
 * Time is passed in by the caller (the handler's injectable clock) so every counter follows one clock.
 */
export interface LimitStore {
  /**
   * Records one hit under `key` if fewer than `limit` hits were recorded in the `windowMs` before
   * `now`; otherwise refuses with the time until the oldest of them leaves the window.
   */
  take(key: string, limit: number, windowMs: number, now: number): Promise<TakeResult>;
  /**
   * Holds slot `id` of the set `key` until `expiresAt` if fewer than `max` slots of that set are held
   * at `now` (expired slots count as free); otherwise refuses with the time until the earliest expires.
   */
  reserveSlot(key: string, id: string, max: number, expiresAt: number, now: number): Promise<TakeResult>;
  /**
   * Moves a held slot's expiry, e.g. from the provisional hold to the minted token's `expires_at`;
   * `now` lets a store turn the expiry into a time-to-live on its own clock.
   */
  extendSlot(key: string, id: string, expiresAt: number, now: number): Promise<void>;
  /** Frees a slot at once (the upstream call failed, so no token holds a platform slot). */
  releaseSlot(key: string, id: string): Promise<void>;
}
