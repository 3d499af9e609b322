import { z } from 'zod';
import { HttpUrl, IntegerId } from './common.js';

/** Body of `POST /user/assistants/disable-inbound-webhook`. */
export const AssistantDisableInboundWebhookParams = z.strictObject({
  assistant_id: IntegerId,
});
export type AssistantDisableInboundWebhookParams = z.input<typeof AssistantDisableInboundWebhookParams>;

/** Body of `POST /user/assistants/enable-conversation-ended-webhook`. */
export const AssistantEnableConversationEndedWebhookParams = z.strictObject({
  assistant_id: IntegerId,
  webhook_url: HttpUrl,
});
export type AssistantEnableConversationEndedWebhookParams = z.input<typeof AssistantEnableConversationEndedWebhookParams>;

/** Response of both assistant-webhook endpoints; `data` is an empty array reserved for later use. */
export const AssistantWebhookResponse = z.looseObject({
  message: z.string(),
  data: z.array(z.unknown()),
});
export type AssistantWebhookResponse = z.infer<typeof AssistantWebhookResponse>;
