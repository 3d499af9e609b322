import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { RealtimeSessionCreateParams, RealtimeSessionCreateResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Realtime voice sessions: `POST /user/realtime/session`. */
export class Realtime extends APIResource {
  /**
   * Mints a 900-second realtime session (`{id, url, token, expires_in}`) for the browser SDK. Call it from a backend
   * only. Never retried after a timeout or 5xx (the session may exist), nor on `CONCURRENT_LIMIT`.
   *
   * @example
   * const { url, token } = await client.realtime.createSession({ assistant_id: '3f0c1d2e-…' });
   */
  createSession(params: RealtimeSessionCreateParams, options?: RequestOptions): Promise<RealtimeSessionCreateResponse> {
    return this.caller.call(ENDPOINTS['realtime.createSession'], { body: params }, options);
  }
}
