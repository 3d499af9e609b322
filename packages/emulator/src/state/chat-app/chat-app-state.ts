/**
 * Chat-app messaging: senders and their templates per account, freeform sends with the 24-hour
 * window, per-message charging and the per-user send rate, and inbound customer messages. Every
 * message lands in the chat-app conversation of that sender and customer.
 */
import { E164_PATTERN } from '@voice-session/api/schemas';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { AccountsState } from '../accounts.js';
import type { AccountRole, Clock, Random } from '../model.js';
import type { AreaState, AreaStateEntry } from '../area.js';
import type { ConversationRecord, ConversationsState } from '../conversations/conversations-state.js';
import { SEED_TEMPLATES, seedSenders } from '../seed/chat-app.js';
import { sessionStatusAt, type SessionStatusValue } from './session-window.js';
import { SlidingWindowLimiter } from './send-rate-limiter.js';

/** Sender status as on the wire. */
export type SenderStatus = 'online' | 'offline';

/** A chat-app sender (a business phone number) of one account, bound to the assistant answering on it. */
export interface ChatAppSenderRecord {
  id: number;
  accountId: number;
  phoneNumber: string;
  displayName: string;
  status: SenderStatus;
  qualityRating: 'GREEN' | 'YELLOW' | 'RED';
  /** Unique recipients per 24 hours; null = unlimited. */
  messagingLimit: number | null;
  voiceCallingEnabled: boolean;
  assistant: { id: number; uuid: string; name: string };
}

/** A message template registered for one sender. */
export interface ChatAppTemplateRecord {
  id: number;
  senderId: number;
  name: string;
  language: string;
  category: 'marketing' | 'utility' | 'authentication';
  status: 'approved' | 'pending' | 'rejected';
  bodyText: string;
  variables: string[];
}

/** A validated freeform send request. */
export interface FreeformSend {
  sender_id: number;
  recipient_phone: string;
  message?: string | undefined;
  media_url?: string | undefined;
  filename?: string | undefined;
}

/** Error codes of a refused send, each with the HTTP status the router answers. */
export const SEND_ERROR_STATUS = {
  RATE_LIMIT_EXCEEDED: 429,
  INVALID_PHONE: 422,
  SENDER_NOT_FOUND: 404,
  SENDER_OFFLINE: 503,
  SESSION_EXPIRED: 403,
  INSUFFICIENT_BALANCE: 402,
} as const;

/** Why a send was refused. */
export type SendErrorCode = keyof typeof SEND_ERROR_STATUS;

/** Outcome of {@link ChatAppState.sendFreeform}. */
export type SendResult =
  | {
      ok: true;
      conversation: ConversationRecord;
      messageId: number;
      chatappMessageId: number;
      messageSid: string;
      sessionStatus: SessionStatusValue;
    }
  | { ok: false; code: Exclude<SendErrorCode, 'RATE_LIMIT_EXCEEDED'>; error: string; sessionStatus?: SessionStatusValue };

/** USD charged per outbound freeform message. */
export const FREEFORM_MESSAGE_COST_USD = 0.01;

/** Freeform sends allowed per user per second. */
export const SENDS_PER_SECOND = 5;

const AUDIO_EXTENSIONS = /\.(mp3|ogg|oga|opus|m4a|aac|amr|wav)(\?.*)?$/i;

/** Outcome of an inbound customer message. */
export type InboundResult =
  | { ok: true; conversation: ConversationRecord; aiReplied: boolean; sessionStatus: SessionStatusValue }
  | { ok: false; reason: 'sender_not_found' | 'invalid_phone' };

/** USD recorded on the conversation for one AI reply (not charged to the balance). */
export const AI_REPLY_COST_USD = 0.002;

/** Dependencies of {@link ChatAppState}. */
export interface ChatAppDeps {
  clock: Clock;
  random: Random;
  /** Owners of senders and payers of messages. */
  accounts: AccountsState;
}

/**
 * The chat-app area's state. Messages land in conversations, which belong to the conversations
 * area: the callers (routers) pass that area's state in, so neither area builds the other.
 */
export class ChatAppState implements AreaState {
  private readonly senders = new Map<number, ChatAppSenderRecord>();
  private readonly templates: ChatAppTemplateRecord[] = [];
  private readonly limiter: SlidingWindowLimiter;
  private chatappMessageSeq = 0;

  constructor(private readonly deps: ChatAppDeps) {
    this.limiter = new SlidingWindowLimiter(SENDS_PER_SECOND, 1000, () => deps.clock.now());
    this.reset();
  }

  /** Restore the seeded senders and templates and forget the send rate. */
  reset(): void {
    this.senders.clear();
    this.templates.length = 0;
    this.limiter.clear();
    this.chatappMessageSeq = 0;
    for (const s of seedSenders((id) => this.deps.accounts.assistants.get(id))) this.senders.set(s.id, s);
    this.templates.push(...SEED_TEMPLATES.map((t) => ({ ...t, variables: [...t.variables] })));
  }

  /** Sender ids (with their traits) and template keys of a role's account, for `GET /_emulator/seed`. */
  fixtures(role: AccountRole): Record<string, unknown> {
    const accountId = this.deps.accounts.userByRole(role).accountId;
    const senders = this.sendersOf(accountId);
    return {
      chatapp_senders: senders.map((s) => ({
        id: s.id,
        phone_number: s.phoneNumber,
        status: s.status,
        quality_rating: s.qualityRating,
        messaging_limit: s.messagingLimit,
        voice_calling_enabled: s.voiceCallingEnabled,
        assistant_id: s.assistant.id,
      })),
      chatapp_templates: this.templates
        .filter((t) => senders.some((s) => s.id === t.senderId))
        .map((t) => ({ id: t.id, sender_id: t.senderId, name: t.name, status: t.status, has_variables: t.variables.length > 0 })),
    };
  }

  /** The account's senders with `status`, or every sender with `all`. */
  listSenders(accountId: number, status: SenderStatus | 'all'): ChatAppSenderRecord[] {
    return [...this.senders.values()].filter((s) => s.accountId === accountId && (status === 'all' || s.status === status));
  }

  /** The account's sender with this id; another account's behaves as missing. */
  getSender(accountId: number, senderId: number): ChatAppSenderRecord | undefined {
    const sender = this.senders.get(senderId);
    return sender && sender.accountId === accountId ? sender : undefined;
  }

  /** Every sender of an account regardless of status (seed summary). */
  sendersOf(accountId: number): ChatAppSenderRecord[] {
    return this.listSenders(accountId, 'all');
  }

  /** Templates of one of the account's senders, or `undefined` when the sender is not the account's. */
  listTemplates(accountId: number, senderId: number, status: ChatAppTemplateRecord['status'] | 'all'): ChatAppTemplateRecord[] | undefined {
    if (!this.getSender(accountId, senderId)) return undefined;
    return this.templates.filter((t) => t.senderId === senderId && (status === 'all' || t.status === status));
  }

  /** Set a sender online/offline (control API: the operator's status refresh). */
  setSenderStatus(senderId: number, status: SenderStatus): ChatAppSenderRecord | undefined {
    const sender = this.senders.get(senderId);
    if (sender) sender.status = status;
    return sender;
  }

  /** The 24-hour window of a sender/customer pair right now. */
  sessionStatus(conversations: ConversationsState, accountId: number, senderId: number, customerPhone: string): SessionStatusValue {
    const conversation = conversations.findChatApp(accountId, senderId, customerPhone);
    return sessionStatusAt(conversation ? lastCustomerMessageAt(conversation) : null, this.deps.clock.now());
  }

  /** A customer message arrives on a sender: opens or resets the window and lands in the conversation. */
  inbound(conversations: ConversationsState, senderId: number, from: string, text: string): InboundResult {
    const sender = this.senders.get(senderId);
    if (!sender) return { ok: false, reason: 'sender_not_found' };
    if (!isE164(from)) return { ok: false, reason: 'invalid_phone' };
    const conversation = this.conversationFor(conversations, sender, from);
    conversations.appendMessage(conversation, 'customer', text);
    // With AI replies on, the assistant answers each customer message; with them off, a human must.
    const aiReplied = conversation.aiEnabled;
    if (aiReplied) conversations.appendMessage(conversation, 'assistant', aiReplyTo(text), AI_REPLY_COST_USD);
    return { ok: true, conversation, aiReplied, sessionStatus: this.sessionStatus(conversations, sender.accountId, sender.id, from) };
  }

  /**
   * Count one send attempt of a user against the per-second limit (before validation, as a
   * throttle middleware would). Returns the seconds to wait when over the limit.
   */
  hitSendRate(userId: number): { allowed: true } | { allowed: false; retryAfter: number } {
    const key = String(userId);
    return this.limiter.tryHit(key) ? { allowed: true } : { allowed: false, retryAfter: this.limiter.retryAfterSeconds(key) };
  }

  /**
   * Send a freeform message for an account. Checks run in this order: phone, sender ownership,
   * sender online, window open, balance; the first failing one answers.
   */
  sendFreeform(conversations: ConversationsState, accountId: number, input: FreeformSend): SendResult {
    if (!isE164(input.recipient_phone)) {
      return { ok: false, code: 'INVALID_PHONE', error: 'The recipient phone number must be a valid number in international E.164 format, for example +14155550123.' };
    }
    const sender = this.getSender(accountId, input.sender_id);
    if (!sender) return { ok: false, code: 'SENDER_NOT_FOUND', error: 'Sender not found.' };
    if (sender.status !== 'online') {
      return { ok: false, code: 'SENDER_OFFLINE', error: 'The sender is offline. Try again when it is back online.' };
    }
    const before = this.sessionStatus(conversations, accountId, sender.id, input.recipient_phone);
    if (!before.can_send_freeform) {
      return {
        ok: false,
        code: 'SESSION_EXPIRED',
        error: 'The 24-hour session window is closed. Send a template message first.',
        sessionStatus: before,
      };
    }
    const account = this.deps.accounts.accounts.get(accountId);
    if (!account || account.balance.usd < FREEFORM_MESSAGE_COST_USD) {
      return { ok: false, code: 'INSUFFICIENT_BALANCE', error: 'Insufficient balance to send this message. Please top up your account.' };
    }
    account.balance.usd = Math.round((account.balance.usd - FREEFORM_MESSAGE_COST_USD) * 10_000) / 10_000;
    const conversation = this.conversationFor(conversations, sender, input.recipient_phone);
    const message = conversations.appendMessage(conversation, 'assistant', messageText(input), FREEFORM_MESSAGE_COST_USD);
    this.chatappMessageSeq += 1;
    return {
      ok: true,
      conversation,
      messageId: message.id,
      chatappMessageId: this.chatappMessageSeq,
      messageSid: `SM${this.deps.random.hex(16)}`,
      sessionStatus: this.sessionStatus(conversations, accountId, sender.id, input.recipient_phone),
    };
  }

  private conversationFor(conversations: ConversationsState, sender: ChatAppSenderRecord, customerPhone: string): ConversationRecord {
    return (
      conversations.findChatApp(sender.accountId, sender.id, customerPhone) ??
      conversations.create({
        accountId: sender.accountId,
        assistant: sender.assistant,
        type: 'chatapp',
        chatappSender: { senderId: sender.id, name: sender.displayName, phone: sender.phoneNumber },
        customer: { name: customerPhone, phone: customerPhone },
      })
    );
  }
}

/** Strict E.164 that libphonenumber also accepts as a real number. */
export function isE164(phone: string): boolean {
  return E164_PATTERN.test(phone) && isValidPhoneNumber(phone);
}

function lastCustomerMessageAt(conversation: ConversationRecord): number | null {
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const m = conversation.messages[i];
    if (m?.role === 'customer') return m.at;
  }
  return null;
}

function aiReplyTo(text: string): string {
  const topic = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return `Thanks for your message ("${topic}"). How else can I help?`;
}

// The transcript line: audio carries no caption, other media keep the message as caption.
function messageText(input: FreeformSend): string {
  if (input.media_url === undefined) return input.message ?? '';
  if (AUDIO_EXTENSIONS.test(input.media_url)) return `[audio] ${input.media_url}`;
  return input.message ? `[media] ${input.media_url} ${input.message}` : `[media] ${input.media_url}`;
}

/** Registration entry of the chat-app area state (`state.area('chatApp')`). */
export const chatAppStateEntry: AreaStateEntry = { name: 'chatApp', create: (deps) => new ChatAppState(deps) };
