/**
 * Conversations: the cursor-paginated list with every filter, and enable-AI.
 */
import { Router, type Request, type Response } from 'express';
import { ENDPOINTS } from '@voice-session/api/schemas';
import type { ConversationRecord, ConversationsState } from '../state/conversations/conversations-state.js';
import { totalCost } from '../state/conversations/conversations-state.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { querySchemaOf, route, successStatusOf } from './endpoint.js';
import { queryOf, reply } from './respond.js';
import { parseOr422 } from './validation.js';

/** `YYYY-MM-DD HH:MM:SS` (UTC), the conversation timestamp format. */
export function sqlDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The wire record of a conversation. */
export function conversationWire(row: ConversationRecord): Record<string, unknown> {
  return {
    id: row.uuid,
    assistant_id: row.assistantUuid,
    assistant_name: row.assistantName,
    type: row.type,
    variables: row.variables,
    ...(row.type === 'api' && row.externalIdentifier !== null ? { external_identifier: row.externalIdentifier } : {}),
    message_count: row.messages.length,
    total_cost: totalCost(row),
    ai_enabled: row.aiEnabled,
    created_at: sqlDateTime(row.createdAt),
    updated_at: sqlDateTime(row.updatedAt),
    ...(row.type === 'chatapp'
      ? {
          chatapp_sender: row.chatappSender ? { name: row.chatappSender.name, phone: row.chatappSender.phone } : { name: null, phone: null },
          customer: row.customer ? { ...row.customer } : { name: null, phone: null },
        }
      : {}),
  };
}

function invalid(res: Response, field: string, message: string): void {
  res.status(422).json({ message, errors: { [field]: [message] } });
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const conversations = (): ConversationsState => ctx.state.area<ConversationsState>('conversations');

  route(r, 'conversations.list', requireAuth(ctx), (req: Request, res: Response) => {
    const query = parseOr422(querySchemaOf('conversations.list'), queryOf(req), res);
    if (!query) return;
    const user = currentUser(req);
    if (query.assistant_id !== undefined && !ctx.state.accounts.assistantById(user.accountId, query.assistant_id)) {
      invalid(res, 'assistant_id', 'The selected assistant id is invalid.');
      return;
    }
    const page = conversations().list(
      user.accountId,
      {
        type: query.type,
        assistantId: query.assistant_id,
        customerPhone: query.customer_phone,
        chatappSenderPhone: query.chatapp_sender_phone,
        externalIdentifier: query.external_identifier,
      },
      query.per_page,
      query.cursor,
    );
    if (!page.ok) {
      invalid(res, 'cursor', 'The cursor is invalid.');
      return;
    }
    const origin = ctx.urls().origin || `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    reply(res, successStatusOf('conversations.list'), ENDPOINTS['conversations.list'].response, {
      data: page.items.map(conversationWire),
      path: `${origin}/api/user/conversations`,
      per_page: query.per_page,
      next_cursor: page.nextCursor,
      prev_cursor: page.prevCursor,
    });
  });

  route(r, 'conversations.enableAi', requireAuth(ctx, { error: 'Unauthorized' }), (req: Request, res: Response) => {
    const uuid = String(req.params['uuid'] ?? '');
    // A malformed UUID cannot name any conversation: same answer as an unknown one.
    const row = ENDPOINTS['conversations.enableAi'].pathParams.safeParse({ uuid }).success
      ? conversations().enableAi(currentUser(req).accountId, uuid)
      : undefined;
    if (!row) {
      res.status(404).json({ status: false, error: 'Conversation not found' });
      return;
    }
    reply(res, successStatusOf('conversations.enableAi'), ENDPOINTS['conversations.enableAi'].response, { status: true, ai_enabled: true });
  });
  return r;
}

/** The conversations area. */
export const conversationsArea: ApiArea = { name: 'conversations', router };
