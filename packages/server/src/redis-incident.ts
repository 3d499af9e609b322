import type { SessionLogger } from './logger.js';

/**
 * Tracks whether Redis is reachable and logs each change once: one error line when an outage starts,
 * one info line when it ends, however many requests fail in between.
 */
export class RedisIncident {
  readonly #logger: SessionLogger | undefined;
  #downSince: number | undefined;

  constructor(logger: SessionLogger | undefined) {
    this.#logger = logger;
  }

  /** True while an outage is under way. */
  get down(): boolean {
    return this.#downSince !== undefined;
  }

  /** Records a failed command or connection; logs only if this starts an outage. */
  failed(error: unknown): void {
    if (this.#downSince !== undefined) return;
    this.#downSince = Date.now();
    this.#logger?.error(
      { store: 'redis', error: describe(error) },
      'redis unreachable: refusing sessions (503) until it answers again',
    );
  }

  /** Records a command that succeeded (or a fresh connection); logs only if this ends an outage. */
  recovered(): void {
    if (this.#downSince === undefined) return;
    const downtimeMs = Date.now() - this.#downSince;
    this.#downSince = undefined;
    this.#logger?.info({ store: 'redis', downtime_ms: downtimeMs }, 'redis reachable again');
  }
}

// The message only: a connection error's stack says nothing an operator can act on.
function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
