import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { ApiKeyCreateParams, ApiKeyCreateResponse, ApiKeyListResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** API keys: `POST /user/api-keys`, `GET /user/api-keys`. */
export class ApiKeys extends APIResource {
  /**
   * Creates an API key; the response's `api_key.token` is shown this once only.
   *
   * @example
   * const { api_key } = await client.apiKeys.create({ name: 'billing-sync' });
   */
  create(params: ApiKeyCreateParams, options?: RequestOptions): Promise<ApiKeyCreateResponse> {
    return this.caller.call(ENDPOINTS['apiKeys.create'], { body: params }, options);
  }

  /** Lists the account's API keys (metadata only; tokens are never returned). */
  list(options?: RequestOptions): Promise<ApiKeyListResponse> {
    return this.caller.call(ENDPOINTS['apiKeys.list'], {}, options);
  }
}
