/**
 * Assistant webhooks: disable inbound-call updates, register the conversation-ended webhook URL
 * (delivered for real when a conversation ends).
 */
import { Router } from 'express';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { bodyOf, reply } from './respond.js';
import { parseOr422 } from './validation.js';

const INVALID = { message: 'The given data was invalid.' };

function router(ctx: RouterContext): Router {
  const r = Router();
  route(r, 'assistants.disableInboundWebhook', requireAuth(ctx), (req, res) => {
    const user = currentUser(req);
    const input = parseOr422(bodySchemaOf('assistants.disableInboundWebhook'), bodyOf(req), res, INVALID);
    if (!input) return;
    const assistant = ctx.state.accounts.assistantById(user.accountId, input.assistant_id);
    if (!assistant) {
      res.status(404).json({ message: 'Assistant not found' });
      return;
    }
    assistant.inboundWebhookEnabled = false;
    reply(res, successStatusOf('assistants.disableInboundWebhook'), responseSchemaOf('assistants.disableInboundWebhook'), {
      message: 'Inbound webhook disabled successfully.',
      data: [],
    });
  });
  route(r, 'assistants.enableConversationEndedWebhook', requireAuth(ctx), (req, res) => {
    const user = currentUser(req);
    const input = parseOr422(bodySchemaOf('assistants.enableConversationEndedWebhook'), bodyOf(req), res, INVALID);
    if (!input) return;
    const assistant = ctx.state.accounts.assistantById(user.accountId, input.assistant_id);
    if (!assistant) {
      res.status(404).json({ message: 'Assistant not found' });
      return;
    }
    assistant.conversationEndedWebhookUrl = input.webhook_url;
    reply(res, successStatusOf('assistants.enableConversationEndedWebhook'), responseSchemaOf('assistants.enableConversationEndedWebhook'), {
      message: 'Conversation ended webhook enabled successfully.',
      data: [],
    });
  });
  return r;
}

/** The assistant webhooks area. */
export const assistantWebhooksArea: ApiArea = { name: 'assistant-webhooks', router };
