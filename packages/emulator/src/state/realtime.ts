/**
 * Realtime voice sessions: minted tokens, the per-user creation rate, the per-account concurrency cap,
 * the move to live when a browser joins (with a call-history row) and the end that frees the slot.
 */
import { REALTIME_TOKEN_LIFETIME_SECONDS } from '@voice-session/api/schemas';
import type { AdmitRefusal, RealtimeTokenClaims } from '../media/contract.js';
import type { AreaState, StateDeps } from './area.js';
import type { AccountRole } from './model.js';
import { RateWindow } from './rate-window.js';

/** Realtime limits from the spec's Limits table (the token lifetime is the contract's constant). */
export const REALTIME_LIMITS = { creationsPerMinute: 10, concurrentPerAccount: 10, tokenSeconds: REALTIME_TOKEN_LIFETIME_SECONDS } as const;

/** Session lifecycle: `unused` until a browser joins, then `live`; `expired` or `ended` free the slot. */
export type RealtimeSessionStatus = 'unused' | 'live' | 'expired' | 'ended';

/** A minted realtime session. */
export interface RealtimeSessionRecord {
  id: string;
  accountId: number;
  userId: number;
  assistantId: number;
  assistantUuid: string;
  identity: string;
  variables: Record<string, unknown>;
  externalIdentifier: string | null;
  createdAt: number;
  expiresAt: number;
  status: RealtimeSessionStatus;
  startedAt: number | null;
  endedAt: number | null;
}

/** A call-history row, created when a session goes live. */
export interface CallRecord {
  id: number;
  sessionId: string;
  accountId: number;
  assistantId: number;
  startedAt: number;
  endedAt: number | null;
}

/** State of the realtime area. */
export class RealtimeState implements AreaState {
  readonly sessions = new Map<string, RealtimeSessionRecord>();
  readonly calls: CallRecord[] = [];
  readonly creations: RateWindow;
  /** In-progress website-widget voice sessions per account (they count toward the cap too). */
  readonly widgetSessions = new Map<number, number>();
  private nextCallId = 1;
  private timers: Array<{ cancel(): void }> = [];

  constructor(private readonly deps: StateDeps) {
    this.creations = new RateWindow(deps.clock, REALTIME_LIMITS.creationsPerMinute, 60);
  }

  reset(): void {
    this.sessions.clear();
    this.calls.length = 0;
    this.creations.reset();
    this.widgetSessions.clear();
    this.nextCallId = 1;
    for (const t of this.timers) t.cancel();
    this.timers = [];
  }

  /** Whether a session holds one of its account's concurrent slots right now. */
  holdsSlot(s: RealtimeSessionRecord): boolean {
    if (s.status === 'live') return true;
    return s.status === 'unused' && s.expiresAt > this.deps.clock.now();
  }

  /** Slots the account holds: unused-unexpired and live sessions, plus in-progress widget sessions. */
  activeCount(accountId: number): number {
    let n = this.widgetSessions.get(accountId) ?? 0;
    for (const s of this.sessions.values()) if (s.accountId === accountId && this.holdsSlot(s)) n++;
    return n;
  }

  /** Mint a session (checks are the router's job); the unused token expires after 900 s of clock time. */
  create(input: Omit<RealtimeSessionRecord, 'id' | 'identity' | 'createdAt' | 'expiresAt' | 'status' | 'startedAt' | 'endedAt'>): RealtimeSessionRecord {
    const now = this.deps.clock.now();
    const record: RealtimeSessionRecord = {
      ...input,
      id: this.deps.random.uuid(),
      identity: `user-${this.deps.random.hex(6)}`,
      createdAt: now,
      expiresAt: now + REALTIME_LIMITS.tokenSeconds * 1000,
      status: 'unused',
      startedAt: null,
      endedAt: null,
    };
    this.sessions.set(record.id, record);
    this.timers.push(
      this.deps.clock.at(record.expiresAt, () => {
        if (record.status === 'unused') record.status = 'expired';
      }),
    );
    return record;
  }

  /** A browser joins: unused → live with a call-history row; a live session may be rejoined. */
  admit(sessionId: string): { ok: true; session: RealtimeSessionRecord } | { ok: false; reason: AdmitRefusal } {
    const s = this.sessions.get(sessionId);
    if (!s) return { ok: false, reason: 'unknown_session' };
    if (s.status === 'ended') return { ok: false, reason: 'ended' };
    if (s.status === 'live') return { ok: true, session: s };
    if (s.status === 'expired' || s.expiresAt <= this.deps.clock.now()) {
      s.status = 'expired';
      return { ok: false, reason: 'expired' };
    }
    const now = this.deps.clock.now();
    s.status = 'live';
    s.startedAt = now;
    this.calls.push({ id: this.nextCallId++, sessionId: s.id, accountId: s.accountId, assistantId: s.assistantId, startedAt: now, endedAt: null });
    return { ok: true, session: s };
  }

  /** The room closed: the session ends and frees its slot (an unused one is ended too). */
  end(sessionId: string): boolean {
    const s = this.sessions.get(sessionId);
    if (!s || s.status === 'ended' || s.status === 'expired') return false;
    const now = this.deps.clock.now();
    s.status = 'ended';
    s.endedAt = now;
    const call = this.calls.find((c) => c.sessionId === sessionId && c.endedAt === null);
    if (call) call.endedAt = now;
    return true;
  }

  /** Token claims of a session, as minted (used by the control API's connect, which has no token). */
  claimsOf(s: RealtimeSessionRecord): RealtimeTokenClaims {
    return {
      sub: s.identity,
      name: s.identity,
      iss: 'voice-session-emulator',
      exp: Math.floor(s.expiresAt / 1000),
      video: { room: s.id, roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true },
      metadata: JSON.stringify({ assistant_id: s.assistantUuid, variables: s.variables, external_identifier: s.externalIdentifier }),
    };
  }

  fixtures(role: AccountRole): Record<string, unknown> {
    const user = this.deps.accounts.userByRole(role);
    return {
      realtime: {
        active_sessions: this.activeCount(user.accountId),
        widget_sessions: this.widgetSessions.get(user.accountId) ?? 0,
        limit: REALTIME_LIMITS.concurrentPerAccount,
      },
    };
  }
}
