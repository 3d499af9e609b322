/**
 * SIP trunks: stored per account with their provisioned inbound/outbound trunk ids; the password is
 * kept (write-only) and never leaves this module.
 */
import type { AreaState, StateDeps } from './area.js';
import type { AccountRole } from './model.js';

/** A stored trunk (wire fields plus the account and the write-only password). */
export interface SipTrunkRecord {
  id: number;
  accountId: number;
  phoneNumber: string;
  nickname: string | null;
  sipUsername: string;
  sipPassword: string;
  sipAddress: string;
  sipCallingFormat: string;
  inboundAuthorizationType: string;
  allowedInboundIps: string[] | null;
  outboundProxy: boolean;
  countryCode: string;
  inboundTrunkId: string;
  outboundTrunkId: string;
  createdAt: number;
  updatedAt: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** State of the SIP trunks area. */
export class SipTrunksState implements AreaState {
  readonly trunks = new Map<number, SipTrunkRecord>();
  private nextId = 1;

  constructor(private readonly deps: StateDeps) {}

  reset(): void {
    this.trunks.clear();
    this.nextId = 1;
  }

  /** Whether the account already has a trunk with this phone number, username and address. */
  duplicateOf(accountId: number, phoneNumber: string, username: string, address: string): SipTrunkRecord | undefined {
    for (const t of this.trunks.values()) {
      if (t.accountId === accountId && t.phoneNumber === phoneNumber && t.sipUsername === username && t.sipAddress.toLowerCase() === address.toLowerCase()) return t;
    }
    return undefined;
  }

  /** A provisioned trunk id in the media server's format (`ST_` + 12 characters). */
  trunkId(): string {
    let id = 'ST_';
    for (let i = 0; i < 12; i++) id += this.deps.random.pick([...ALPHABET]);
    return id;
  }

  create(input: Omit<SipTrunkRecord, 'id' | 'createdAt' | 'updatedAt'>): SipTrunkRecord {
    const now = this.deps.clock.now();
    const trunk = { ...input, id: this.nextId++, createdAt: now, updatedAt: now };
    this.trunks.set(trunk.id, trunk);
    return trunk;
  }

  /** Wire form: everything but the password. */
  json(t: SipTrunkRecord): Record<string, unknown> {
    return {
      id: t.id,
      phone_number: t.phoneNumber,
      nickname: t.nickname,
      sip_username: t.sipUsername,
      sip_address: t.sipAddress,
      sip_calling_format: t.sipCallingFormat,
      inbound_authorization_type: t.inboundAuthorizationType,
      allowed_inbound_ips: t.allowedInboundIps,
      outbound_proxy: t.outboundProxy,
      country_code: t.countryCode,
      inbound_trunk_id: t.inboundTrunkId,
      outbound_trunk_id: t.outboundTrunkId,
      created_at: new Date(t.createdAt).toISOString(),
      updated_at: new Date(t.updatedAt).toISOString(),
    };
  }

  fixtures(role: AccountRole): Record<string, unknown> {
    const accountId = this.deps.accounts.userByRole(role).accountId;
    return { sip_trunk_count: [...this.trunks.values()].filter((t) => t.accountId === accountId).length };
  }
}
