import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { VoiceListParams, VoiceListResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Voices: `GET /user/assistants/voices`. */
export class Voices extends APIResource {
  /**
   * Lists voices (a bare array). The synthesizer filter's name, `synthesizer_provider_id`, is this package's choice:
   * the spec hides it.
   *
   * @example
   * const voices = await client.voices.list({ gender: 'female', search: 'british' });
   */
  list(filters: VoiceListParams = {}, options?: RequestOptions): Promise<VoiceListResponse> {
    return this.caller.call(ENDPOINTS['voices.list'], { query: filters }, options);
  }
}
