import { z } from 'zod';
import { IntegerId, openEnum, Uuid, wireInteger } from './common.js';

/** Conversation channel types. */
export const CONVERSATION_TYPES = ['test', 'widget', 'chatapp', 'api'] as const;

/** Query of `GET /user/conversations`: filters, page size and the cursor of an earlier page. */
export const ConversationListParams = z.strictObject({
  type: z.enum(CONVERSATION_TYPES, { message: 'type must be one of test, widget, chatapp, api.' }).optional(),
  assistant_id: wireInteger().pipe(IntegerId).optional(),
  customer_phone: z.string().min(1).optional(),
  chatapp_sender_phone: z.string().min(1).optional(),
  external_identifier: z.string().min(1).max(255, { message: 'external_identifier must not be greater than 255 characters.' }).optional(),
  per_page: wireInteger().int().min(1, { message: 'per_page must be at least 1.' })
    .max(100, { message: 'per_page must not be greater than 100.' }).default(15),
  cursor: z.string().min(1, { message: 'cursor must not be empty.' }).optional(),
});
export type ConversationListParams = z.input<typeof ConversationListParams>;

/** Path parameters of `POST /user/conversations/{uuid}/enable-ai`. */
export const ConversationEnableAiPathParams = z.strictObject({ uuid: Uuid });
export type ConversationEnableAiPathParams = z.input<typeof ConversationEnableAiPathParams>;

/** A name and phone pair (chat-app sender or customer). */
export const ConversationParty = z.looseObject({
  name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ConversationParty = z.infer<typeof ConversationParty>;

/** A conversation; timestamps are `YYYY-MM-DD HH:MM:SS`, not ISO 8601. */
export const Conversation = z.looseObject({
  id: z.string(),
  assistant_id: z.string(),
  assistant_name: z.string(),
  type: openEnum(CONVERSATION_TYPES),
  variables: z.record(z.string(), z.unknown()).nullable(),
  external_identifier: z.string().optional(),
  message_count: z.int(),
  total_cost: z.number(),
  ai_enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  chatapp_sender: ConversationParty.optional(),
  customer: ConversationParty.optional(),
});
export type Conversation = z.infer<typeof Conversation>;

/** Response of `GET /user/conversations`: one cursor page. */
export const ConversationListResponse = z.looseObject({
  data: z.array(Conversation),
  path: z.string(),
  per_page: z.int(),
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

/** Response of `POST /user/conversations/{uuid}/enable-ai`. */
export const ConversationEnableAiResponse = z.looseObject({
  status: z.boolean(),
  ai_enabled: z.boolean(),
});
export type ConversationEnableAiResponse = z.infer<typeof ConversationEnableAiResponse>;
