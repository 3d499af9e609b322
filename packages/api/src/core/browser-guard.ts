/**
 * Keeps the API key on the server side: the client refuses to run in a browser unless the caller opts in.
 */
import { PlatformError } from './errors.js';

/** True in a browser-like global (both `window` and `document` defined). */
export function isBrowserLike(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== 'undefined' && typeof g.document !== 'undefined';
}

/**
 * Throws when running in a browser-like global and `allowBrowser` is not set, because any API key shipped to a page
 * can be read by whoever loads it.
 */
export function assertServerSide(allowBrowser: boolean | undefined): void {
  if (allowBrowser === true || !isBrowserLike()) return;
  throw new PlatformError(
    'PlatformClient is running in a browser-like environment, which would expose your API key to anyone who loads ' +
      'the page. Mint realtime sessions on your backend (see @voice-session/server). If you understand the risk, pass ' +
      '`dangerouslyAllowBrowser: true`.',
    { code: 'browser_not_allowed' },
  );
}
