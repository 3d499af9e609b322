import { z } from 'zod';
import { E164, HttpUrl, IntegerId, openEnum, wireInteger } from './common.js';

/** Maximum length of a chat-app message (and of a caption). */
export const CHATAPP_MESSAGE_MAX_LENGTH = 4096;

/** Query of `GET /user/chatapp/senders`: `online` by default, `all` for every sender. */
export const ChatAppSenderListParams = z.strictObject({
  status: z.enum(['online', 'offline', 'all'], { message: 'status must be one of online, offline, all.' }).default('online'),
});
export type ChatAppSenderListParams = z.input<typeof ChatAppSenderListParams>;

/** Path parameters of `GET /user/chatapp/senders/{senderId}/templates`. */
export const ChatAppTemplateListPathParams = z.strictObject({ senderId: wireInteger().pipe(IntegerId) });
export type ChatAppTemplateListPathParams = z.input<typeof ChatAppTemplateListPathParams>;

/** Query of `GET /user/chatapp/senders/{senderId}/templates`: `approved` by default, `all` for every status. */
export const ChatAppTemplateListParams = z.strictObject({
  status: z.enum(['approved', 'pending', 'rejected', 'all'], {
    message: 'status must be one of approved, pending, rejected, all.',
  }).default('approved'),
});
export type ChatAppTemplateListParams = z.input<typeof ChatAppTemplateListParams>;

/** Body of `POST /user/chatapp/send-freeform`; one of `message` and `media_url` is required. */
export const ChatAppSendFreeformParams = z.strictObject({
  sender_id: IntegerId,
  recipient_phone: E164,
  message: z.string().min(1, { message: 'The message must not be empty.' })
    .max(CHATAPP_MESSAGE_MAX_LENGTH, { message: `The message must not be greater than ${CHATAPP_MESSAGE_MAX_LENGTH} characters.` })
    .optional(),
  media_url: HttpUrl.optional(),
  filename: z.string().min(1, { message: 'The filename must not be empty.' }).optional(),
}).superRefine((value, ctx) => {
  if (value.message === undefined && value.media_url === undefined) {
    // Named on both fields, as Laravel's required_without reports each of them.
    for (const field of ['message', 'media_url'] as const) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'One of message or media_url is required.' });
    }
  }
});
export type ChatAppSendFreeformParams = z.input<typeof ChatAppSendFreeformParams>;

/** A chat-app sender (a business phone number on the messaging platform). */
export const ChatAppSender = z.looseObject({
  id: z.int(),
  phone_number: z.string(),
  display_name: z.string(),
  status: openEnum(['online', 'offline']),
  quality_rating: openEnum(['GREEN', 'YELLOW', 'RED']),
  messaging_limit: z.int().nullable(),
  messaging_limit_formatted: z.string(),
  voice_calling_enabled: z.boolean(),
});
export type ChatAppSender = z.infer<typeof ChatAppSender>;

/** A chat-app message template. */
export const ChatAppTemplate = z.looseObject({
  id: z.int(),
  name: z.string(),
  language: z.string(),
  category: openEnum(['marketing', 'utility', 'authentication']),
  status: openEnum(['approved', 'pending', 'rejected']),
  body_text: z.string(),
  variables: z.array(z.string()),
  has_variables: z.boolean(),
});
export type ChatAppTemplate = z.infer<typeof ChatAppTemplate>;

/** The 24-hour customer-service window of a chat-app conversation. */
export const SessionStatus = z.looseObject({
  is_open: z.boolean(),
  can_send_freeform: z.boolean(),
  requires_template: z.boolean(),
  message: z.string(),
  minutes_remaining: z.int().optional(),
  expires_at: z.string().optional(),
  expired_at: z.string().optional(),
});
export type SessionStatus = z.infer<typeof SessionStatus>;

/** Response of `GET /user/chatapp/senders`. */
export const ChatAppSenderListResponse = z.looseObject({ data: z.array(ChatAppSender) });
export type ChatAppSenderListResponse = z.infer<typeof ChatAppSenderListResponse>;

/** Response of `GET /user/chatapp/senders/{senderId}/templates`. */
export const ChatAppTemplateListResponse = z.looseObject({ data: z.array(ChatAppTemplate) });
export type ChatAppTemplateListResponse = z.infer<typeof ChatAppTemplateListResponse>;

/** Response of `POST /user/chatapp/send-freeform`. */
export const ChatAppSendFreeformResponse = z.looseObject({
  success: z.boolean(),
  conversation_id: z.int(),
  message_id: z.int(),
  chatapp_message_id: z.int(),
  message_sid: z.string(),
  session_status: SessionStatus,
});
export type ChatAppSendFreeformResponse = z.infer<typeof ChatAppSendFreeformResponse>;
