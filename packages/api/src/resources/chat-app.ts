import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type {
  ChatAppSendFreeformParams,
  ChatAppSendFreeformResponse,
  ChatAppSenderListParams,
  ChatAppSenderListResponse,
  ChatAppTemplateListParams,
  ChatAppTemplateListResponse,
} from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Chat-app messaging: senders, their templates, and free-form sends. */
export class ChatApp extends APIResource {
  /** Lists chat-app senders (`online` ones unless `{status: 'all'}`). */
  listSenders(params: ChatAppSenderListParams = {}, options?: RequestOptions): Promise<ChatAppSenderListResponse> {
    return this.caller.call(ENDPOINTS['chatApp.listSenders'], { query: params }, options);
  }

  /** Lists a sender's message templates (`approved` ones unless `{status: 'all'}`). */
  listTemplates(senderId: number, params: ChatAppTemplateListParams = {}, options?: RequestOptions): Promise<ChatAppTemplateListResponse> {
    return this.caller.call(ENDPOINTS['chatApp.listTemplates'], { pathParams: { senderId }, query: params }, options);
  }

  /**
   * Sends a free-text (`message`) or media (`media_url`) message while the 24-hour window is open. Never retried
   * after a timeout or 5xx, so a message is not sent twice.
   *
   * @example
   * await client.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+14155550123', message: 'Your order shipped.' });
   */
  sendFreeform(params: ChatAppSendFreeformParams, options?: RequestOptions): Promise<ChatAppSendFreeformResponse> {
    return this.caller.call(ENDPOINTS['chatApp.sendFreeform'], { body: params }, options);
  }
}
