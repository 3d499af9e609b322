import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { AssistantWebhookResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Assistant webhooks (`client.assistants`): disable inbound-call updates, enable conversation-ended delivery. */
export class AssistantWebhooks extends APIResource {
  /** Stops an assistant's real-time inbound-call webhook updates. */
  disableInboundWebhook(assistantId: number, options?: RequestOptions): Promise<AssistantWebhookResponse> {
    return this.caller.call(ENDPOINTS['assistants.disableInboundWebhook'], { body: { assistant_id: assistantId } }, options);
  }

  /**
   * Delivers a webhook to `webhookUrl` whenever a chat conversation of the assistant ends.
   *
   * @example
   * await client.assistants.enableConversationEndedWebhook(7, 'https://crm.example/hooks/ended');
   */
  enableConversationEndedWebhook(assistantId: number, webhookUrl: string, options?: RequestOptions): Promise<AssistantWebhookResponse> {
    return this.caller.call(
      ENDPOINTS['assistants.enableConversationEndedWebhook'],
      { body: { assistant_id: assistantId, webhook_url: webhookUrl } },
      options,
    );
  }
}
