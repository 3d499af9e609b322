/**
 * Chat-app messaging: senders, their templates, and freeform sends (rate, phone, sender, window and
 * balance checks in the state module; messages land in the conversations area).
 */
import { Router, type Request, type Response } from 'express';
import { ENDPOINTS } from '@voice-session/api/schemas';
import type { ChatAppSenderRecord, ChatAppState, ChatAppTemplateRecord } from '../state/chat-app/chat-app-state.js';
import { SEND_ERROR_STATUS, SENDS_PER_SECOND } from '../state/chat-app/chat-app-state.js';
import type { ConversationsState } from '../state/conversations/conversations-state.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, querySchemaOf, route, successStatusOf } from './endpoint.js';
import { bodyOf, queryOf, reply } from './respond.js';
import { parseOr422, validationBody } from './validation.js';

// The fields the contract's send body declares; any other field is ignored, as Laravel does.
const SEND_FIELDS = Object.keys(bodySchemaOf('chatApp.sendFreeform').shape);

/** `Unlimited`, or the per-24-hour figure with thousands separators. */
export function formatMessagingLimit(limit: number | null): string {
  return limit === null ? 'Unlimited' : `${limit.toLocaleString('en-US')} per 24 hours`;
}

function senderWire(s: ChatAppSenderRecord): Record<string, unknown> {
  return {
    id: s.id,
    phone_number: s.phoneNumber,
    display_name: s.displayName,
    status: s.status,
    quality_rating: s.qualityRating,
    messaging_limit: s.messagingLimit,
    messaging_limit_formatted: formatMessagingLimit(s.messagingLimit),
    voice_calling_enabled: s.voiceCallingEnabled,
  };
}

function templateWire(t: ChatAppTemplateRecord): Record<string, unknown> {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    body_text: t.bodyText,
    variables: [...t.variables],
    has_variables: t.variables.length > 0,
  };
}

function fail(res: Response, status: number, code: string, error: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ success: false, error, error_code: code, ...extra });
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const chatApp = (): ChatAppState => ctx.state.area<ChatAppState>('chatApp');
  const conversations = (): ConversationsState => ctx.state.area<ConversationsState>('conversations');

  route(r, 'chatApp.listSenders', requireAuth(ctx), (req: Request, res: Response) => {
    const query = parseOr422(querySchemaOf('chatApp.listSenders'), queryOf(req), res);
    if (!query) return;
    const senders = chatApp().listSenders(currentUser(req).accountId, query.status);
    reply(res, successStatusOf('chatApp.listSenders'), ENDPOINTS['chatApp.listSenders'].response, { data: senders.map(senderWire) });
  });

  route(r, 'chatApp.listTemplates', requireAuth(ctx), (req: Request, res: Response) => {
    const path = ENDPOINTS['chatApp.listTemplates'].pathParams.safeParse({ senderId: req.params['senderId'] });
    const query = parseOr422(querySchemaOf('chatApp.listTemplates'), queryOf(req), res);
    if (!query) return;
    // A malformed sender id names no sender: same answer as an unknown one.
    const templates = path.success ? chatApp().listTemplates(currentUser(req).accountId, path.data.senderId, query.status) : undefined;
    if (!templates) return fail(res, 404, 'SENDER_NOT_FOUND', 'Sender not found.');
    reply(res, successStatusOf('chatApp.listTemplates'), ENDPOINTS['chatApp.listTemplates'].response, { data: templates.map(templateWire) });
  });

  route(r, 'chatApp.sendFreeform', requireAuth(ctx), (req: Request, res: Response) => {
    const user = currentUser(req);
    const state = chatApp();
    const rate = state.hitSendRate(user.id);
    if (!rate.allowed) {
      res.setHeader('Retry-After', String(rate.retryAfter));
      return fail(res, SEND_ERROR_STATUS.RATE_LIMIT_EXCEEDED, 'RATE_LIMIT_EXCEEDED', `Too many messages. At most ${SENDS_PER_SECOND} freeform sends per second are allowed.`);
    }
    const raw = bodyOf(req);
    const body = Object.fromEntries(SEND_FIELDS.filter((k) => k in raw).map((k) => [k, raw[k]]));
    const parsed = bodySchemaOf('chatApp.sendFreeform').safeParse(body);
    if (!parsed.success) {
      const phone = body['recipient_phone'];
      const phoneMalformed = typeof phone === 'string' && phone !== '' && parsed.error.issues.some((i) => i.path[0] === 'recipient_phone');
      if (phoneMalformed) {
        return fail(res, SEND_ERROR_STATUS.INVALID_PHONE, 'INVALID_PHONE', 'The recipient phone number must be a valid number in international E.164 format, for example +14155550123.');
      }
      res.status(422).json(validationBody(parsed.error.issues, body));
      return;
    }
    const result = state.sendFreeform(conversations(), user.accountId, parsed.data);
    if (!result.ok) {
      return fail(res, SEND_ERROR_STATUS[result.code], result.code, result.error, result.sessionStatus ? { session_status: result.sessionStatus } : {});
    }
    reply(res, successStatusOf('chatApp.sendFreeform'), ENDPOINTS['chatApp.sendFreeform'].response, {
      success: true,
      conversation_id: result.conversation.id,
      message_id: result.messageId,
      chatapp_message_id: result.chatappMessageId,
      message_sid: result.messageSid,
      session_status: result.sessionStatus,
    });
  });
  return r;
}

/** The chat-app area. */
export const chatAppArea: ApiArea = { name: 'chat-app', router };
