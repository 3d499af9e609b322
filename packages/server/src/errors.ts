/**
 * The package's one error type: thrown for configuration a site got wrong (missing API key, an
 * alias map that is not a map, a budget above the platform's limit). Never sent to a browser.
 *
 * @example
 * ```ts
 * try { createSessionHandler({ apiKey: '' }); } catch (e) { if (e instanceof SessionServerError) console.error(e.message); }
 * ```
 */
export class SessionServerError extends Error {
  override readonly name = 'SessionServerError';
  /** Machine-readable reason, e.g. `CONFIG_INVALID`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
