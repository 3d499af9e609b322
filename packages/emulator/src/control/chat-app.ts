/**
 * Control routes of the chat app: a customer message arriving on a sender (opens or resets the
 * 24-hour window) and the operator's sender status refresh.
 */
import { Router, type Request, type Response } from 'express';
import type { ControlArea } from '../http/app.js';
import type { RouterContext } from '../http/context.js';
import { bodyOf } from '../http/respond.js';
import type { ChatAppState } from '../state/chat-app/chat-app-state.js';
import type { ConversationsState } from '../state/conversations/conversations-state.js';

function invalid(res: Response, errors: Record<string, string[]>): void {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  res.status(422).json({ message: first, errors });
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const chatApp = (): ChatAppState => ctx.state.area<ChatAppState>('chatApp');

  r.post('/chatapp/inbound', (req: Request, res: Response) => {
    const body = bodyOf(req);
    const senderId = positiveInt(body['sender_id']);
    const errors: Record<string, string[]> = {};
    if (senderId === undefined) errors['sender_id'] = ['The sender id field must be a positive integer.'];
    if (typeof body['from'] !== 'string' || body['from'] === '') errors['from'] = ['The from field is required.'];
    if (typeof body['text'] !== 'string' || body['text'] === '') errors['text'] = ['The text field is required.'];
    if (senderId === undefined || Object.keys(errors).length > 0) return invalid(res, errors);
    const conversations = ctx.state.area<ConversationsState>('conversations');
    const result = chatApp().inbound(conversations, senderId, String(body['from']), String(body['text']));
    if (!result.ok) {
      if (result.reason === 'sender_not_found') {
        res.status(404).json({ message: 'Sender not found.' });
        return;
      }
      return invalid(res, { from: ['The from field must be a valid phone number in E.164 format.'] });
    }
    res.status(200).json({
      conversation_id: result.conversation.id,
      conversation_uuid: result.conversation.uuid,
      message_count: result.conversation.messages.length,
      ai_replied: result.aiReplied,
      session_status: result.sessionStatus,
    });
  });

  r.post('/chatapp/senders/:id/status', (req: Request, res: Response) => {
    const status = bodyOf(req)['status'];
    if (status !== 'online' && status !== 'offline') return invalid(res, { status: ['The status must be online or offline.'] });
    const id = positiveInt(req.params['id']);
    const sender = id === undefined ? undefined : chatApp().setSenderStatus(id, status);
    if (!sender) {
      res.status(404).json({ message: 'Sender not found.' });
      return;
    }
    res.status(200).json({ id: sender.id, status: sender.status });
  });
  return r;
}

/** Chat-app control routes (`/_emulator/chatapp/...`). */
export const chatAppControl: ControlArea = { name: 'chat-app', router };
