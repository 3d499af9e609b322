/**
 * Who exists: the seeded accounts, their users, assistants, knowledgebases and API keys, and bearer
 * authentication. Every other area asks this module about ownership instead of keeping its own copy.
 */
import type { Account, AccountRole, Assistant, Clock, User } from './model.js';
import { SeededRandom } from './random.js';

/** A knowledgebase documents are added to. */
export interface Knowledgebase {
  id: number;
  accountId: number;
  name: string;
}

/** A stored API key (the token is kept to authenticate; it is shown to the caller only once). */
export interface ApiKeyRecord {
  id: number;
  userId: number;
  name: string;
  token: string;
  lastUsedAt: number | null;
  createdAt: number;
}

/** Ids of the seeded accounts and users, stable across resets. */
export const SEED_IDS = {
  accounts: { primary: 1, secondary: 2 },
  users: { primary: 1, secondary: 2, member: 3 },
} as const;

/** The seeded assistants: numeric id, name, owner role; uuids come from the seeded random source. */
const SEED_ASSISTANTS: ReadonlyArray<{ id: number; owner: 'primary' | 'secondary'; name: string; folderId: number | null }> = [
  { id: 101, owner: 'primary', name: 'Front Desk', folderId: 1 },
  { id: 102, owner: 'primary', name: 'Sales Line', folderId: 1 },
  { id: 103, owner: 'primary', name: 'Support Bot', folderId: 2 },
  { id: 104, owner: 'primary', name: 'After Hours', folderId: null },
  { id: 201, owner: 'secondary', name: 'Clinic Reception', folderId: 101 },
  { id: 202, owner: 'secondary', name: 'Booking Agent', folderId: null },
];

const SEED_KNOWLEDGEBASES: ReadonlyArray<Knowledgebase> = [
  { id: 11, accountId: 1, name: 'Product FAQ' },
  { id: 12, accountId: 1, name: 'Pricing' },
  { id: 21, accountId: 2, name: 'Clinic handbook' },
];

/** Options of {@link AccountsState}. */
export interface AccountsStateOptions {
  clock: Clock;
  /** Seed of the key/uuid generator, so API keys and assistant uuids survive resets unchanged. */
  seed: number;
}

/** Accounts, users, assistants, knowledgebases and API keys, with bearer authentication. */
export class AccountsState {
  readonly accounts = new Map<number, Account>();
  readonly users = new Map<number, User>();
  readonly assistants = new Map<number, Assistant>();
  readonly knowledgebases = new Map<number, Knowledgebase>();
  readonly apiKeys = new Map<number, ApiKeyRecord>();
  private readonly byToken = new Map<string, ApiKeyRecord>();
  private nextApiKeyId = 1;
  private readonly random: SeededRandom;

  constructor(private readonly options: AccountsStateOptions) {
    this.random = new SeededRandom(options.seed ^ 0x5eed_acc7);
    this.reset();
  }

  /** Restore the seeded accounts, users, assistants and keys. */
  reset(): void {
    this.random.reseed();
    this.accounts.clear();
    this.users.clear();
    this.assistants.clear();
    this.knowledgebases.clear();
    this.apiKeys.clear();
    this.byToken.clear();
    this.nextApiKeyId = 1;
    const t0 = this.options.clock.now();

    this.accounts.set(1, { id: 1, name: 'Primary Platform', whiteLabelOwner: true, balance: { minutes: 5000, usd: 100 } });
    this.accounts.set(2, { id: 2, name: 'Secondary Co', whiteLabelOwner: false, balance: { minutes: 1000, usd: 50 } });
    const users: User[] = [
      { id: 1, role: 'primary', accountId: 1, name: 'Pat Primary', email: 'owner@primary.test', billingAccess: true, isAccountOwner: true },
      { id: 2, role: 'secondary', accountId: 2, name: 'Sam Secondary', email: 'owner@secondary.test', billingAccess: true, isAccountOwner: true },
      { id: 3, role: 'member', accountId: 1, name: 'Mo Member', email: 'member@primary.test', billingAccess: false, isAccountOwner: false },
    ];
    for (const user of users) this.users.set(user.id, user);
    for (const a of SEED_ASSISTANTS) {
      this.assistants.set(a.id, {
        id: a.id,
        uuid: this.random.uuid(),
        accountId: SEED_IDS.accounts[a.owner],
        name: a.name,
        blocked: false,
        folderId: a.folderId,
        inboundWebhookEnabled: true,
        conversationEndedWebhookUrl: null,
      });
    }
    for (const kb of SEED_KNOWLEDGEBASES) this.knowledgebases.set(kb.id, { ...kb });
    for (const user of users) this.createApiKey(user.id, 'Seeded key', t0);
  }

  /** The user behind a bearer token (an API key), marking the key used; undefined when unknown. */
  authenticate(bearer: string | undefined): User | undefined {
    if (!bearer) return undefined;
    const key = this.byToken.get(bearer);
    if (!key) return undefined;
    key.lastUsedAt = this.options.clock.now();
    return this.users.get(key.userId);
  }

  /** Mint an API key for a user; the returned record holds the token. */
  createApiKey(userId: number, name: string, at: number = this.options.clock.now()): ApiKeyRecord {
    const id = this.nextApiKeyId++;
    const record: ApiKeyRecord = { id, userId, name, token: `${id}|${this.random.hex(20)}`, lastUsedAt: null, createdAt: at };
    this.apiKeys.set(id, record);
    this.byToken.set(record.token, record);
    return record;
  }

  /** A user's API keys, oldest first. */
  apiKeysOf(userId: number): ApiKeyRecord[] {
    return [...this.apiKeys.values()].filter((k) => k.userId === userId);
  }

  /** The seeded key of a role (the first key minted for its user). */
  seededApiKey(role: AccountRole): string {
    const key = this.apiKeysOf(SEED_IDS.users[role])[0];
    if (!key) throw new Error(`no seeded key for ${role}`);
    return key.token;
  }

  userByRole(role: AccountRole): User {
    const user = this.users.get(SEED_IDS.users[role]);
    if (!user) throw new Error(`no seeded user for ${role}`);
    return user;
  }

  accountOf(user: User): Account {
    const account = this.accounts.get(user.accountId);
    if (!account) throw new Error(`user ${user.id} has no account`);
    return account;
  }

  /** An assistant by numeric id, only if the account owns it (ownership: foreign = missing). */
  assistantById(accountId: number, id: number): Assistant | undefined {
    const a = this.assistants.get(id);
    return a && a.accountId === accountId ? a : undefined;
  }

  /** An assistant by uuid, only if the account owns it. */
  assistantByUuid(accountId: number, uuid: string): Assistant | undefined {
    for (const a of this.assistants.values()) if (a.uuid === uuid && a.accountId === accountId) return a;
    return undefined;
  }

  /** An assistant by uuid regardless of owner (control API). */
  anyAssistantByUuid(uuid: string): Assistant | undefined {
    for (const a of this.assistants.values()) if (a.uuid === uuid) return a;
    return undefined;
  }

  assistantsOf(accountId: number): Assistant[] {
    return [...this.assistants.values()].filter((a) => a.accountId === accountId);
  }

  knowledgebase(accountId: number, id: number): Knowledgebase | undefined {
    const kb = this.knowledgebases.get(id);
    return kb && kb.accountId === accountId ? kb : undefined;
  }

  knowledgebasesOf(accountId: number): Knowledgebase[] {
    return [...this.knowledgebases.values()].filter((k) => k.accountId === accountId);
  }

  /** Seed fixtures of a role: account, user, assistants, knowledgebases. */
  fixtures(role: AccountRole): Record<string, unknown> {
    const user = this.userByRole(role);
    const account = this.accountOf(user);
    return {
      user_id: user.id,
      account_id: account.id,
      api_key: this.seededApiKey(role),
      billing_access: user.billingAccess,
      balance: { ...account.balance },
      assistants: this.assistantsOf(account.id).map((a) => ({ id: a.id, uuid: a.uuid, name: a.name })),
      knowledgebase_ids: this.knowledgebasesOf(account.id).map((k) => k.id),
    };
  }
}
