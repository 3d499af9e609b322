/**
 * Conversations of every account: the list with its filters and cursor pages, enable-AI, messages
 * appended by the chat app, and ending a conversation (which the control API turns into webhooks).
 */
import type { AccountsState } from '../accounts.js';
import type { AreaState, AreaStateEntry } from '../area.js';
import type { AccountRole, Clock, Random } from '../model.js';
import { SEED_CHATAPP_CUSTOMERS, seedConversations } from '../seed/conversations.js';
import { compareNewestFirst, decodeCursor, paginateByCursor, type CursorPage } from './cursor.js';

/** Conversation channel, as on the wire. */
export type ConversationType = 'test' | 'widget' | 'chatapp' | 'api';

/** Who wrote a transcript line. */
export type MessageRole = 'customer' | 'assistant';

/** One transcript line. */
export interface ConversationMessage {
  id: number;
  role: MessageRole;
  text: string;
  /** Epoch ms. */
  at: number;
  /** USD charged for this message. */
  cost: number;
}

/** A name + phone pair (chat-app sender or customer). */
export interface Party {
  name: string;
  phone: string;
}

/** The stored conversation; the router shapes it into the wire record. */
export interface ConversationRecord {
  /** Insertion order: the tie-breaker of the sort key. */
  seq: number;
  /** Small integer id (the chat-app send answers it as `conversation_id`). */
  id: number;
  uuid: string;
  accountId: number;
  assistantId: number;
  assistantUuid: string;
  assistantName: string;
  type: ConversationType;
  variables: Record<string, string> | null;
  externalIdentifier: string | null;
  messages: ConversationMessage[];
  aiEnabled: boolean;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  endedAt: number | null;
  chatappSender: (Party & { senderId: number }) | null;
  customer: Party | null;
}

/** Input to {@link ConversationsState.create}. */
export interface NewConversation {
  accountId: number;
  assistant: { id: number; uuid: string; name: string };
  type: ConversationType;
  variables?: Record<string, string> | null;
  externalIdentifier?: string | null;
  aiEnabled?: boolean;
  createdAt?: number;
  chatappSender?: (Party & { senderId: number }) | null;
  customer?: Party | null;
  messages?: Array<Omit<ConversationMessage, 'id'>>;
}

/** Filters of the list endpoint (already validated). */
export interface ConversationFilter {
  type?: ConversationType;
  assistantId?: number;
  customerPhone?: string;
  chatappSenderPhone?: string;
  externalIdentifier?: string;
}

/** Result of {@link ConversationsState.list}: a page, or a cursor this emulator never issued. */
export type ConversationListResult = ({ ok: true } & CursorPage<ConversationRecord>) | { ok: false; reason: 'invalid_cursor' };

/** Result of ending a conversation. */
export type EndResult = { ok: true; conversation: ConversationRecord } | { ok: false; reason: 'not_found' | 'already_ended' };

/** Dependencies of {@link ConversationsState}. */
export interface ConversationsDeps {
  clock: Clock;
  random: Random;
  accounts: AccountsState;
}

/** In-memory conversations, private per account. */
export class ConversationsState implements AreaState {
  private readonly rows = new Map<string, ConversationRecord>();
  private seq = 0;
  private messageSeq = 0;

  constructor(private readonly deps: ConversationsDeps) {
    this.reset();
  }

  /** Restore the seeded conversations (relative to the clock's current time). */
  reset(): void {
    this.rows.clear();
    this.seq = 0;
    this.messageSeq = 0;
    seedConversations(this, this.deps.accounts, this.deps.random, this.deps.clock.now());
  }

  /** Counts by type, a few UUIDs and the chat-app customers of a role's account, for `GET /_emulator/seed`. */
  fixtures(role: AccountRole): Record<string, unknown> {
    const accountId = this.deps.accounts.userByRole(role).accountId;
    const rows = this.all(accountId);
    const senderIds = new Set(rows.filter((r) => r.chatappSender).map((r) => r.chatappSender?.senderId));
    return {
      conversations: {
        total: rows.length,
        by_type: this.counts(accountId),
        uuids: rows.slice(0, 5).map((r) => r.uuid),
        ai_disabled_uuids: rows.filter((r) => !r.aiEnabled).map((r) => r.uuid),
        external_identifiers: rows.flatMap((r) => (r.externalIdentifier ? [r.externalIdentifier] : [])),
        chatapp_customers: SEED_CHATAPP_CUSTOMERS.filter((c) => senderIds.has(c.senderId)).map((c) => ({
          sender_id: c.senderId,
          phone: c.phone,
          window_open: c.lastMessageHoursAgo < 24,
        })),
      },
    };
  }

  /** Store a new conversation and return it. */
  create(input: NewConversation): ConversationRecord {
    const createdAt = input.createdAt ?? this.deps.clock.now();
    this.seq += 1;
    const messages = (input.messages ?? []).map((m) => ({ ...m, id: this.nextMessageId() }));
    const record: ConversationRecord = {
      seq: this.seq,
      id: this.seq,
      uuid: this.deps.random.uuid(),
      accountId: input.accountId,
      assistantId: input.assistant.id,
      assistantUuid: input.assistant.uuid,
      assistantName: input.assistant.name,
      type: input.type,
      variables: input.variables ?? null,
      externalIdentifier: input.externalIdentifier ?? null,
      messages,
      aiEnabled: input.aiEnabled ?? true,
      createdAt,
      updatedAt: messages.reduce((latest, m) => Math.max(latest, m.at), createdAt),
      endedAt: null,
      chatappSender: input.chatappSender ?? null,
      customer: input.customer ?? null,
    };
    this.rows.set(record.uuid, record);
    return record;
  }

  /** The account's conversation with this UUID; another account's behaves as missing. */
  get(accountId: number, uuid: string): ConversationRecord | undefined {
    const row = this.rows.get(uuid);
    return row && row.accountId === accountId ? row : undefined;
  }

  /** Every conversation of an account, newest first (seed listings and tests). */
  all(accountId: number): ConversationRecord[] {
    return [...this.rows.values()].filter((r) => r.accountId === accountId).sort(compareNewestFirst);
  }

  /** One cursor page of the account's conversations matching `filter`, newest first. */
  list(accountId: number, filter: ConversationFilter, perPage: number, rawCursor: string | undefined): ConversationListResult {
    const cursor = rawCursor === undefined ? null : decodeCursor(rawCursor);
    if (rawCursor !== undefined && !cursor) return { ok: false, reason: 'invalid_cursor' };
    const matching = this.all(accountId).filter(
      (r) =>
        (filter.type === undefined || r.type === filter.type) &&
        (filter.assistantId === undefined || r.assistantId === filter.assistantId) &&
        (filter.customerPhone === undefined || r.customer?.phone === filter.customerPhone) &&
        (filter.chatappSenderPhone === undefined || r.chatappSender?.phone === filter.chatappSenderPhone) &&
        (filter.externalIdentifier === undefined || r.externalIdentifier === filter.externalIdentifier),
    );
    return { ok: true, ...paginateByCursor(matching, perPage, cursor) };
  }

  /** Turn AI replies back on; `undefined` when the conversation is not the account's. */
  enableAi(accountId: number, uuid: string): ConversationRecord | undefined {
    const row = this.get(accountId, uuid);
    if (!row) return undefined;
    if (!row.aiEnabled) {
      row.aiEnabled = true;
      row.updatedAt = this.deps.clock.now();
    }
    return row;
  }

  /** The chat-app conversation between a sender and a customer, if one exists. */
  findChatApp(accountId: number, senderId: number, customerPhone: string): ConversationRecord | undefined {
    return this.all(accountId).find(
      (r) => r.type === 'chatapp' && r.chatappSender?.senderId === senderId && r.customer?.phone === customerPhone,
    );
  }

  /** Append a transcript line and touch `updated_at`. */
  appendMessage(row: ConversationRecord, role: MessageRole, text: string, cost = 0): ConversationMessage {
    const message: ConversationMessage = { id: this.nextMessageId(), role, text, at: this.deps.clock.now(), cost };
    row.messages.push(message);
    row.updatedAt = message.at;
    // An ended conversation that gets a new message is live again.
    row.endedAt = null;
    return message;
  }

  /** Mark a conversation ended (the caller delivers the webhook and runs post-call automations). */
  end(accountId: number | null, uuid: string): EndResult {
    const row = this.rows.get(uuid);
    if (!row || (accountId !== null && row.accountId !== accountId)) return { ok: false, reason: 'not_found' };
    if (row.endedAt !== null) return { ok: false, reason: 'already_ended' };
    row.endedAt = this.deps.clock.now();
    row.updatedAt = row.endedAt;
    return { ok: true, conversation: row };
  }

  /** Count per account and type (the `/_emulator/seed` summary). */
  counts(accountId: number): Record<ConversationType, number> {
    const out: Record<ConversationType, number> = { test: 0, widget: 0, chatapp: 0, api: 0 };
    for (const row of this.rows.values()) if (row.accountId === accountId) out[row.type] += 1;
    return out;
  }

  private nextMessageId(): number {
    this.messageSeq += 1;
    return this.messageSeq;
  }
}

/** Total USD of a conversation (sum of message costs, rounded to cents' hundredths). */
export function totalCost(row: ConversationRecord): number {
  return Math.round(row.messages.reduce((sum, m) => sum + m.cost, 0) * 10_000) / 10_000;
}

/** Registration entry of the conversations area state (`state.area('conversations')`). */
export const conversationsStateEntry: AreaStateEntry = { name: 'conversations', create: (deps) => new ConversationsState(deps) };
