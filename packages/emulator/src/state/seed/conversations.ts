/**
 * Seeded conversations: 60+ across both accounts and every type. Chat-app ones carry sender and
 * customer (some with the 24-hour window open, some expired); some api ones carry an external
 * identifier; a few have AI replies turned off. Times are spread over the past weeks relative to
 * the seed time, with a few identical creation times to exercise the cursor tie-breaker.
 */
import type { AccountsState } from '../accounts.js';
import { SEED_IDS } from '../accounts.js';
import type { ConversationsState, ConversationType, NewConversation } from '../conversations/conversations-state.js';
import type { Random } from '../model.js';
import { SEED_SENDERS } from './chat-app.js';

const HOUR = 3_600_000;

/** Customers of the seeded chat-app conversations, with when they last wrote (hours before seed time). */
export const SEED_CHATAPP_CUSTOMERS: ReadonlyArray<{ senderId: number; phone: string; name: string; lastMessageHoursAgo: number }> = [
  { senderId: 1, phone: '+14155552671', name: 'Alice Open', lastMessageHoursAgo: 1 },
  { senderId: 1, phone: '+14155552672', name: 'Bob Expired', lastMessageHoursAgo: 30 },
  { senderId: 1, phone: '+14155552673', name: 'Carol Nearly', lastMessageHoursAgo: 23 },
  { senderId: 1, phone: '+14155552674', name: 'Dan Old', lastMessageHoursAgo: 200 },
  { senderId: 2, phone: '+14155552671', name: 'Alice Open', lastMessageHoursAgo: 5 },
  { senderId: 2, phone: '+14155552675', name: 'Erin Sales', lastMessageHoursAgo: 48 },
  { senderId: 2, phone: '+14155552676', name: 'Frank Sales', lastMessageHoursAgo: 2 },
  { senderId: 3, phone: '+447911123456', name: 'Grace UK', lastMessageHoursAgo: 3 },
  { senderId: 3, phone: '+447911123457', name: 'Henry UK', lastMessageHoursAgo: 72 },
  { senderId: 4, phone: '+4915123456700', name: 'Ida DE', lastMessageHoursAgo: 4 },
  { senderId: 4, phone: '+4915123456701', name: 'Jan DE', lastMessageHoursAgo: 100 },
  { senderId: 4, phone: '+14155552671', name: 'Alice Open', lastMessageHoursAgo: 10 },
  { senderId: 5, phone: '+14155552677', name: 'Kim Archive', lastMessageHoursAgo: 500 },
  { senderId: 1, phone: '+14155552678', name: 'Liam Recent', lastMessageHoursAgo: 0.5 },
  { senderId: 11, phone: '+61412345678', name: 'Mia AU', lastMessageHoursAgo: 2 },
  { senderId: 11, phone: '+61412345679', name: 'Noah AU', lastMessageHoursAgo: 40 },
  { senderId: 12, phone: '+33612345600', name: 'Olivia FR', lastMessageHoursAgo: 6 },
  { senderId: 13, phone: '+12025550100', name: 'Paul US', lastMessageHoursAgo: 12 },
  { senderId: 13, phone: '+14155552671', name: 'Alice Elsewhere', lastMessageHoursAgo: 1 },
];

/** Non-chat-app conversations per account and type; `withExternalId` of the api ones get an identifier. */
const PLAN: ReadonlyArray<{ accountId: number; type: Exclude<ConversationType, 'chatapp'>; count: number; withExternalId?: number }> = [
  { accountId: SEED_IDS.accounts.primary, type: 'test', count: 9 },
  { accountId: SEED_IDS.accounts.primary, type: 'widget', count: 12 },
  { accountId: SEED_IDS.accounts.primary, type: 'api', count: 11, withExternalId: 7 },
  { accountId: SEED_IDS.accounts.secondary, type: 'test', count: 4 },
  { accountId: SEED_IDS.accounts.secondary, type: 'widget', count: 5 },
  { accountId: SEED_IDS.accounts.secondary, type: 'api', count: 4, withExternalId: 2 },
];

const CUSTOMER_LINES = ['Hi, I have a question about my booking.', 'Can I change the time?', 'What are your opening hours?', 'Thanks, that helps!', 'Is there parking nearby?'];
const ASSISTANT_LINES = ['Of course, how can I help?', 'Sure, which time suits you?', 'We are open 9 to 5 on weekdays.', 'You are welcome!', 'Yes, there is a car park next door.'];

/** Fill `state` with the seeded conversations, relative to `now`. */
export function seedConversations(state: ConversationsState, accounts: AccountsState, random: Random, now: number): void {
  const rows: NewConversation[] = [];
  let n = 0;
  for (const plan of PLAN) {
    const assistants = accounts.assistantsOf(plan.accountId);
    for (let i = 0; i < plan.count; i++) {
      n += 1;
      const assistant = assistants[i % assistants.length];
      if (!assistant) continue;
      // Every fifth conversation shares its creation time with the previous one: cursor tie-breaks.
      const createdAt = now - (n % 5 === 0 ? n - 1 : n) * 7 * HOUR;
      rows.push({
        accountId: plan.accountId,
        assistant,
        type: plan.type,
        variables: i % 3 === 0 ? null : { customer_name: `Caller ${n}`, intent: i % 2 === 0 ? 'booking' : 'question' },
        externalIdentifier: plan.type === 'api' && i < (plan.withExternalId ?? 0) ? `ext-${plan.accountId}-${String(i + 1).padStart(3, '0')}` : null,
        aiEnabled: i % 4 !== 3,
        createdAt,
        messages: transcript(random, createdAt, 2 + (i % 5)),
      });
    }
  }
  for (const c of SEED_CHATAPP_CUSTOMERS) {
    const sender = SEED_SENDERS.find((s) => s.id === c.senderId);
    const assistant = sender && accounts.assistants.get(sender.assistantId);
    if (!sender || !assistant) continue;
    const lastCustomerAt = now - c.lastMessageHoursAgo * HOUR;
    const createdAt = lastCustomerAt - 2 * HOUR;
    const messages = transcript(random, createdAt, 3);
    // The customer's message is the last one: it decides the window.
    messages.push({ role: 'customer', text: 'Are you still there?', at: lastCustomerAt, cost: 0 });
    rows.push({
      accountId: sender.accountId,
      assistant,
      type: 'chatapp',
      variables: { customer_name: c.name },
      aiEnabled: c.lastMessageHoursAgo !== 48,
      createdAt,
      chatappSender: { senderId: sender.id, name: sender.displayName, phone: sender.phoneNumber },
      customer: { name: c.name, phone: c.phone },
      messages,
    });
  }
  for (const row of rows.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0))) state.create(row);
}

function transcript(random: Random, start: number, count: number): NonNullable<NewConversation['messages']> {
  const out: NonNullable<NewConversation['messages']> = [];
  for (let i = 0; i < count; i++) {
    const role = i % 2 === 0 ? 'customer' : 'assistant';
    const lines = role === 'customer' ? CUSTOMER_LINES : ASSISTANT_LINES;
    out.push({ role, text: random.pick(lines), at: start + i * 60_000, cost: role === 'assistant' ? 0.002 : 0 });
  }
  return out;
}
