import { PlatformClient } from '@voice-session/api';
import type { CreateUpstreamSession } from './upstream.js';

/** Where the default upstream call goes. */
export interface PlatformSessionOptions {
  apiKey: string;
  /** The API root including `/api`; default: the client's (`VOICE_SESSION_BASE_URL`). */
  baseUrl?: string;
}

/**
 * The default upstream call: `PlatformClient.realtime.createSession` with the client's own retries
 * off, because the handler decides when a retry is safe and spends budget on it.
 *
 * @example
 * ```ts
 * const createSession = createPlatformSessionCreator({ apiKey, baseUrl: 'https://platform.example/api' });
 * ```
 */
export function createPlatformSessionCreator(options: PlatformSessionOptions): CreateUpstreamSession {
  const client = new PlatformClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0 });
  return (params, call) => client.realtime.createSession(params, { timeout: call.timeout, maxRetries: 0, signal: call.signal });
}
