/**
 * The emulator's shared domain model: who exists and what time it is. Every area's state module
 * (api keys, chat app, automations, …) builds on these; none of them owns accounts or time.
 */

/** The three seeded callers. `member` is a team member inside primary's account without Billing Access. */
export type AccountRole = 'primary' | 'secondary' | 'member';

/** Every {@link AccountRole}, in the order fixtures and banners list them. */
export const ACCOUNT_ROLES: readonly AccountRole[] = ['primary', 'secondary', 'member'];

/** Whether a string (a control route's `:role`) names an {@link AccountRole}. */
export function isAccountRole(value: string): value is AccountRole {
  return (ACCOUNT_ROLES as readonly string[]).includes(value);
}

/** A billing/ownership unit: resources are private to an account. */
export interface Account {
  id: number;
  name: string;
  /** White-label platform owner with an active plan. */
  whiteLabelOwner: boolean;
  balance: { minutes: number; usd: number };
}

/** An authenticated caller. Ownership checks use `accountId`; permissions use the flags. */
export interface User {
  id: number;
  role: AccountRole;
  accountId: number;
  name: string;
  email: string;
  /** Owner, or team member granted Billing Access (white-label endpoints). */
  billingAccess: boolean;
  isAccountOwner: boolean;
}

export interface Assistant {
  /** Numeric id, used by webhooks, automations and conversation filters. */
  id: number;
  /** UUID, used by realtime sessions and conversations. */
  uuid: string;
  accountId: number;
  name: string;
  /** Compliance block: realtime creation answers 403 ASSISTANT_BLOCKED. */
  blocked: boolean;
  folderId: number | null;
  inboundWebhookEnabled: boolean;
  conversationEndedWebhookUrl: string | null;
}

/** The controllable clock: the only source of time in the emulator. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  date(): Date;
  advance(seconds: number): void;
  /** Run `fn` once the clock reaches `at` (epoch ms), by real timers or by `advance()`, whichever first. */
  at(at: number, fn: () => void): { cancel(): void };
}

/** Seeded randomness: the only source of ids and tokens, so runs repeat. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  uuid(): string;
  hex(bytes: number): string;
  pick<T>(items: readonly T[]): T;
}
