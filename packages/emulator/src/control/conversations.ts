/**
 * Control route that ends a conversation: the assistant's conversation-ended webhook is delivered
 * for real (chat-app and widget conversations, as the spec's event says), and every automation
 * bound to the assistant's `post_call` event runs. Answers once both are done.
 */
import { Router, type Request, type Response } from 'express';
import type { ControlArea } from '../http/app.js';
import type { RouterContext } from '../http/context.js';
import { conversationWire, sqlDateTime } from '../http/conversations.js';
import type { AutomationsState } from '../state/automations/automations-state.js';
import type { ConversationRecord, ConversationsState } from '../state/conversations/conversations-state.js';

/** Conversation types whose end fires the conversation-ended webhook (chat conversations). */
const WEBHOOK_TYPES: ReadonlySet<string> = new Set(['chatapp', 'widget']);

/** The conversation-ended webhook payload: the transcript, variables and customer, plus the conversation. */
export function conversationEndedPayload(row: ConversationRecord): Record<string, unknown> {
  return {
    event: 'conversation.ended',
    conversation: conversationWire(row),
    assistant: { id: row.assistantId, uuid: row.assistantUuid, name: row.assistantName },
    transcript: row.messages.map((m) => ({ role: m.role, text: m.text, created_at: sqlDateTime(m.at) })),
    variables: row.variables ?? {},
    customer: row.customer ? { ...row.customer } : null,
    ended_at: row.endedAt === null ? null : sqlDateTime(row.endedAt),
  };
}

function router(ctx: RouterContext): Router {
  const r = Router();
  r.post('/conversations/:uuid/end', async (req: Request, res: Response) => {
    const result = ctx.state.area<ConversationsState>('conversations').end(null, String(req.params['uuid'] ?? ''));
    if (!result.ok) {
      if (result.reason === 'already_ended') res.status(409).json({ message: 'Conversation already ended.' });
      else res.status(404).json({ message: 'Conversation not found.' });
      return;
    }
    const row = result.conversation;
    const assistant = ctx.state.accounts.assistants.get(row.assistantId);
    const url = assistant?.conversationEndedWebhookUrl ?? null;
    const payload = conversationEndedPayload(row);
    const deliver = url !== null && WEBHOOK_TYPES.has(row.type);
    const [, runs] = await Promise.all([
      deliver ? ctx.deliverWebhook(url, payload) : Promise.resolve(),
      ctx.state.area<AutomationsState>('automations').runPostCall(row.accountId, row.assistantId, {
        conversation_id: row.uuid,
        type: row.type,
        transcript: payload['transcript'],
        variables: payload['variables'],
        customer: payload['customer'] ?? { name: null, phone: null },
      }),
    ]);
    res.status(200).json({
      conversation: conversationWire(row),
      webhook: { url, delivered: deliver },
      automation_runs: runs.map((run) => ({ automation_id: run.automationId, run_id: run.id, status: run.status })),
    });
  });
  return r;
}

/** Conversation control routes (`/_emulator/conversations/...`). */
export const conversationsControl: ControlArea = { name: 'conversations', router };
