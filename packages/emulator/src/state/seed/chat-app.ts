/**
 * Seeded chat-app senders and templates: online and offline senders of both accounts with every
 * quality rating, limited and unlimited messaging limits, voice calling on and off, and templates
 * in every status with and without variables.
 */
import { SEED_IDS } from '../accounts.js';
import type { ChatAppSenderRecord, ChatAppTemplateRecord } from '../chat-app/chat-app-state.js';

type SeedSender = Omit<ChatAppSenderRecord, 'assistant'> & { assistantId: number };

/** Senders by id; each answers with one of its account's seeded assistants. */
export const SEED_SENDERS: readonly SeedSender[] = [
  { id: 1, accountId: SEED_IDS.accounts.primary, phoneNumber: '+14155550101', displayName: 'Primary Support', status: 'online', qualityRating: 'GREEN', messagingLimit: 1000, voiceCallingEnabled: true, assistantId: 101 },
  { id: 2, accountId: SEED_IDS.accounts.primary, phoneNumber: '+14155550102', displayName: 'Primary Sales', status: 'online', qualityRating: 'YELLOW', messagingLimit: 10000, voiceCallingEnabled: false, assistantId: 102 },
  { id: 3, accountId: SEED_IDS.accounts.primary, phoneNumber: '+442071838750', displayName: 'Primary UK', status: 'offline', qualityRating: 'RED', messagingLimit: 250, voiceCallingEnabled: false, assistantId: 103 },
  { id: 4, accountId: SEED_IDS.accounts.primary, phoneNumber: '+4915123456789', displayName: 'Primary DE', status: 'online', qualityRating: 'GREEN', messagingLimit: null, voiceCallingEnabled: true, assistantId: 104 },
  { id: 5, accountId: SEED_IDS.accounts.primary, phoneNumber: '+14155550105', displayName: 'Primary Archive', status: 'offline', qualityRating: 'YELLOW', messagingLimit: 100000, voiceCallingEnabled: true, assistantId: 101 },
  { id: 11, accountId: SEED_IDS.accounts.secondary, phoneNumber: '+61291234567', displayName: 'Secondary Clinic', status: 'online', qualityRating: 'GREEN', messagingLimit: null, voiceCallingEnabled: false, assistantId: 201 },
  { id: 12, accountId: SEED_IDS.accounts.secondary, phoneNumber: '+33612345678', displayName: 'Secondary Bookings', status: 'offline', qualityRating: 'YELLOW', messagingLimit: 1000, voiceCallingEnabled: true, assistantId: 202 },
  { id: 13, accountId: SEED_IDS.accounts.secondary, phoneNumber: '+12025550143', displayName: 'Secondary Alerts', status: 'online', qualityRating: 'RED', messagingLimit: 250, voiceCallingEnabled: false, assistantId: 201 },
];

/** Templates by sender: sender 1 has every status with and without variables. */
export const SEED_TEMPLATES: readonly ChatAppTemplateRecord[] = [
  { id: 1, senderId: 1, name: 'welcome_message', language: 'en', category: 'utility', status: 'approved', bodyText: 'Hello! Thanks for contacting Primary Support. How can we help?', variables: [] },
  { id: 2, senderId: 1, name: 'order_update', language: 'en', category: 'utility', status: 'approved', bodyText: 'Hi {{1}}, your order {{2}} has shipped.', variables: ['customer_name', 'order_number'] },
  { id: 3, senderId: 1, name: 'otp_code', language: 'en', category: 'authentication', status: 'approved', bodyText: 'Your verification code is {{1}}.', variables: ['code'] },
  { id: 4, senderId: 1, name: 'spring_sale', language: 'en', category: 'marketing', status: 'pending', bodyText: 'Spring sale: {{1}} off everything until {{2}}!', variables: ['discount', 'end_date'] },
  { id: 5, senderId: 1, name: 'feedback_request', language: 'en', category: 'marketing', status: 'pending', bodyText: 'How did we do? Reply with a number from 1 to 5.', variables: [] },
  { id: 6, senderId: 1, name: 'old_promo', language: 'en', category: 'marketing', status: 'rejected', bodyText: 'Huge discounts! Click now!', variables: [] },
  { id: 7, senderId: 1, name: 'recordatorio_cita', language: 'es', category: 'utility', status: 'rejected', bodyText: 'Hola {{1}}, su cita es el {{2}}.', variables: ['nombre', 'fecha'] },
  { id: 8, senderId: 2, name: 'quote_follow_up', language: 'en', category: 'marketing', status: 'approved', bodyText: 'Hi {{1}}, following up on your quote. Any questions?', variables: ['customer_name'] },
  { id: 9, senderId: 2, name: 'sales_hello', language: 'en', category: 'utility', status: 'approved', bodyText: 'Hello from the Primary sales team.', variables: [] },
  { id: 10, senderId: 4, name: 'termin_bestaetigung', language: 'de', category: 'utility', status: 'approved', bodyText: 'Ihr Termin am {{1}} ist bestätigt.', variables: ['datum'] },
  { id: 21, senderId: 11, name: 'clinic_reminder', language: 'en', category: 'utility', status: 'approved', bodyText: 'Reminder: your appointment is on {{1}} at {{2}}.', variables: ['date', 'time'] },
  { id: 22, senderId: 11, name: 'clinic_welcome', language: 'en', category: 'utility', status: 'pending', bodyText: 'Welcome to the clinic.', variables: [] },
];

/** The seeded senders with their assistants resolved; senders whose assistant is missing are skipped. */
export function seedSenders(assistant: (id: number) => { id: number; uuid: string; name: string } | undefined): ChatAppSenderRecord[] {
  const out: ChatAppSenderRecord[] = [];
  for (const { assistantId, ...sender } of SEED_SENDERS) {
    const a = assistant(assistantId);
    if (a) out.push({ ...sender, assistant: { id: a.id, uuid: a.uuid, name: a.name } });
  }
  return out;
}
