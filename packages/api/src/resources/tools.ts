import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { ToolCreateParams, ToolCreateResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Mid-call tools: `POST /user/tools`. */
export class Tools extends APIResource {
  /**
   * Creates a mid-call HTTP tool the assistant can call with parameters it extracts from the conversation.
   *
   * @example
   * await client.tools.create({ name: 'lookup_order', description: 'Find an order', endpoint: 'https://shop.example/orders/{id}', method: 'GET' });
   */
  create(params: ToolCreateParams, options?: RequestOptions): Promise<ToolCreateResponse> {
    return this.caller.call(ENDPOINTS['tools.create'], { body: params }, options);
  }
}
