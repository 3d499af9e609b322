/**
 * The white-label platform of the primary account: its plans, its users' plans (manual, trial, paid,
 * none) and the clock-driven renewal of manual plans' minutes against the owner's balance.
 */
import { CREDITS_PER_MINUTE } from '@voice-session/api/schemas';
import type { AreaState, StateDeps } from './area.js';
import type { AccountRole } from './model.js';
import { RateWindow } from './rate-window.js';

const DAY = 86_400_000;

/** A plan of the platform. */
export interface PlanRecord {
  id: number;
  platformAccountId: number;
  name: string;
  description: string | null;
  active: boolean;
  includedMinutes: number;
  includedCredits: number;
  extraMinutesCost: number;
  prices: Array<{ billing: 'monthly' | 'yearly'; amount: number }>;
}

/** A user's plan assignment. */
export interface UserPlanRecord {
  planId: number;
  source: 'manual' | 'trial' | 'paid';
  billing: 'monthly' | 'yearly';
  minutesRenewAt: number | null;
  endsAt: number | null;
  /** Manual plans only. */
  minutes: 'none' | 'monthly' | 'yearly' | null;
  whenShort: 'auto_top_up' | 'wait' | null;
  renewal: {
    status: 'ok' | 'pending' | 'none';
    nextAt: number | null;
    missingMinutes: number;
    lastRenewedAt: number | null;
  } | null;
}

/** A user of the platform. */
export interface PlatformUser {
  id: number;
  platformAccountId: number;
  name: string;
  plan: UserPlanRecord | null;
}

/** Minutes a plan takes from the owner's balance per monthly renewal (rounded to cents of a minute). */
export function planCostInMinutes(plan: Pick<PlanRecord, 'includedMinutes' | 'includedCredits'>): number {
  return Math.round((plan.includedMinutes + plan.includedCredits / CREDITS_PER_MINUTE) * 100) / 100;
}

function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** The Limits table's white-label rate: requests per minute, shared by every user of an account. */
export const WHITE_LABEL_REQUESTS_PER_MINUTE = 60;

/** State of the white-label area. */
export class WhiteLabelState implements AreaState {
  readonly plans = new Map<number, PlanRecord>();
  readonly users = new Map<number, PlatformUser>();
  readonly requests: RateWindow;
  private timers = new Map<number, { cancel(): void }>();

  constructor(private readonly deps: StateDeps) {
    this.requests = new RateWindow(deps.clock, WHITE_LABEL_REQUESTS_PER_MINUTE, 60);
    this.reset();
  }

  reset(): void {
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    this.requests.reset();
    this.plans.clear();
    this.users.clear();
    const now = this.deps.clock.now();
    const plans: PlanRecord[] = [
      { id: 1, platformAccountId: 1, name: 'Starter', description: 'For small teams getting started.', active: true, includedMinutes: 100, includedCredits: 450, extraMinutesCost: 0.15, prices: [{ billing: 'monthly', amount: 19 }, { billing: 'yearly', amount: 190 }] },
      { id: 2, platformAccountId: 1, name: 'Pro', description: 'For busy phone lines.', active: true, includedMinutes: 500, includedCredits: 900, extraMinutesCost: 0.12, prices: [{ billing: 'monthly', amount: 79 }, { billing: 'yearly', amount: 790 }] },
      { id: 3, platformAccountId: 1, name: 'Chat Plus', description: 'Chat credits with a few voice minutes.', active: true, includedMinutes: 10, includedCredits: 100, extraMinutesCost: 0.2, prices: [{ billing: 'monthly', amount: 9 }] },
      { id: 4, platformAccountId: 1, name: 'Enterprise Yearly', description: 'Billed once a year.', active: true, includedMinutes: 2000, includedCredits: 9000, extraMinutesCost: 0.09, prices: [{ billing: 'yearly', amount: 2990 }] },
      { id: 5, platformAccountId: 1, name: 'Legacy', description: 'No longer offered to new users.', active: false, includedMinutes: 200, includedCredits: 0, extraMinutesCost: 0.18, prices: [{ billing: 'monthly', amount: 29 }] },
      { id: 6, platformAccountId: 1, name: 'Free', description: 'No minutes included.', active: true, includedMinutes: 0, includedCredits: 0, extraMinutesCost: 0.25, prices: [] },
    ];
    for (const p of plans) this.plans.set(p.id, p);
    const manual = (
      planId: number, minutes: 'none' | 'monthly' | 'yearly', whenShort: 'auto_top_up' | 'wait', nextAt: number | null,
      extra: Partial<UserPlanRecord> = {},
    ): UserPlanRecord => ({
      planId,
      source: 'manual',
      billing: minutes === 'yearly' ? 'yearly' : 'monthly',
      minutesRenewAt: minutes === 'none' ? null : nextAt,
      endsAt: null,
      minutes,
      whenShort,
      renewal: { status: minutes === 'none' ? 'none' : 'ok', nextAt: minutes === 'none' ? null : nextAt, missingMinutes: 0, lastRenewedAt: null },
      ...extra,
    });
    const users: PlatformUser[] = [
      { id: 1001, platformAccountId: 1, name: 'Ada (manual, auto top-up)', plan: manual(1, 'monthly', 'auto_top_up', now + 10 * DAY) },
      { id: 1002, platformAccountId: 1, name: 'Ben (manual, wait)', plan: manual(2, 'monthly', 'wait', now + 1 * DAY, { renewal: { status: 'ok', nextAt: now + DAY, missingMinutes: 0, lastRenewedAt: now - 29 * DAY } }) },
      { id: 1003, platformAccountId: 1, name: 'Cy (manual, yearly minutes)', plan: manual(4, 'yearly', 'wait', now + 200 * DAY, { minutesRenewAt: now + 14 * DAY, renewal: { status: 'ok', nextAt: now + 200 * DAY, missingMinutes: 0, lastRenewedAt: now - 165 * DAY } }) },
      { id: 1004, platformAccountId: 1, name: 'Dee (manual, no minutes)', plan: manual(6, 'none', 'wait', null) },
      { id: 1005, platformAccountId: 1, name: 'Eve (manual, ends before renewal)', plan: manual(1, 'monthly', 'wait', now + 20 * DAY, { endsAt: now + 5 * DAY, renewal: { status: 'none', nextAt: null, missingMinutes: 0, lastRenewedAt: now - 10 * DAY } }) },
      { id: 1006, platformAccountId: 1, name: 'Fay (manual, pending top-up)', plan: manual(5, 'monthly', 'auto_top_up', now - DAY, { renewal: { status: 'pending', nextAt: now - DAY, missingMinutes: 0, lastRenewedAt: now - 31 * DAY } }) },
      { id: 1007, platformAccountId: 1, name: 'Gus (trial)', plan: { planId: 1, source: 'trial', billing: 'monthly', minutesRenewAt: null, endsAt: now + 7 * DAY, minutes: null, whenShort: null, renewal: null } },
      { id: 1008, platformAccountId: 1, name: 'Hal (paid, yearly)', plan: { planId: 2, source: 'paid', billing: 'yearly', minutesRenewAt: now + 12 * DAY, endsAt: null, minutes: null, whenShort: null, renewal: null } },
      { id: 1009, platformAccountId: 1, name: 'Ivy (no plan)', plan: null },
    ];
    for (const u of users) this.users.set(u.id, u);
    for (const u of this.users.values()) this.schedule(u);
    // The seeded pending renewal was topped up automatically; it runs within the hour (missing 0).
    const fay = this.users.get(1006);
    if (fay) this.timers.set(fay.id, this.deps.clock.after(3600, () => this.renew(fay)));
  }

  /** Minutes a user's renewal takes: monthly cost, 12× for yearly minutes, 0 without minutes. */
  renewalCost(plan: UserPlanRecord): number {
    const p = this.plans.get(plan.planId);
    if (!p || plan.minutes === 'none' || plan.minutes === null) return 0;
    const monthly = planCostInMinutes(p);
    return plan.minutes === 'yearly' ? Math.round(monthly * 12 * 100) / 100 : monthly;
  }

  /** A user of the account's platform (the owner and team members are not platform users). */
  user(platformAccountId: number, id: number): PlatformUser | undefined {
    const u = this.users.get(id);
    return u && u.platformAccountId === platformAccountId ? u : undefined;
  }

  plansOf(platformAccountId: number): PlanRecord[] {
    return [...this.plans.values()].filter((p) => p.platformAccountId === platformAccountId);
  }

  /** Try pending renewals again (after the owner's balance changed). */
  retryPending(platformAccountId: number): void {
    for (const u of this.users.values()) {
      if (u.platformAccountId === platformAccountId && u.plan?.renewal?.status === 'pending') this.renew(u);
    }
  }

  private schedule(u: PlatformUser): void {
    this.timers.get(u.id)?.cancel();
    this.timers.delete(u.id);
    const r = u.plan?.renewal;
    if (!u.plan || !r || r.status !== 'ok' || r.nextAt === null) return;
    if (u.plan.endsAt !== null && u.plan.endsAt <= r.nextAt) {
      r.status = 'none';
      return;
    }
    this.timers.set(u.id, this.deps.clock.at(r.nextAt, () => this.renew(u)));
  }

  /** The renewal day came: take the minutes from the owner, or go pending with the shortfall. */
  private renew(u: PlatformUser): void {
    const plan = u.plan;
    const r = plan?.renewal;
    if (!plan || !r || r.nextAt === null) return;
    const owner = this.deps.accounts.accounts.get(u.platformAccountId);
    if (!owner) return;
    const cost = this.renewalCost(plan);
    if (owner.balance.minutes >= cost) {
      owner.balance.minutes = Math.round((owner.balance.minutes - cost) * 100) / 100;
      const months = plan.minutes === 'yearly' ? 12 : 1;
      r.lastRenewedAt = r.nextAt;
      r.nextAt = addMonths(r.nextAt, months);
      r.status = 'ok';
      r.missingMinutes = 0;
      plan.minutesRenewAt = plan.minutes === 'yearly' ? addMonths(r.lastRenewedAt, 1) : r.nextAt;
      this.schedule(u);
      return;
    }
    r.status = 'pending';
    if (plan.whenShort === 'auto_top_up') {
      // The owner's card is charged for the shortfall; the renewal runs within the hour (missing 0).
      r.missingMinutes = 0;
      this.timers.get(u.id)?.cancel();
      this.timers.set(
        u.id,
        this.deps.clock.after(3600, () => {
          const shortfall = Math.max(0, cost - owner.balance.minutes);
          owner.balance.minutes += shortfall;
          this.renew(u);
        }),
      );
    } else {
      r.missingMinutes = Math.round((cost - owner.balance.minutes) * 100) / 100;
    }
  }

  /** Wire form of a user plan. */
  userPlanJson(plan: UserPlanRecord): Record<string, unknown> {
    const p = this.plans.get(plan.planId);
    const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
    const yearly = plan.minutes === 'yearly';
    return {
      plan_id: plan.planId,
      name: p?.name ?? '',
      source: plan.source,
      billing: plan.billing,
      included_minutes: p?.includedMinutes ?? 0,
      included_credits: p?.includedCredits ?? 0,
      minutes_renew_at: iso(plan.minutesRenewAt),
      ends_at: iso(plan.endsAt),
      minutes: plan.source === 'manual' ? plan.minutes : null,
      when_short: plan.source === 'manual' ? plan.whenShort : null,
      renewal:
        plan.source === 'manual' && plan.renewal
          ? {
              status: plan.renewal.status,
              next_at: iso(plan.renewal.nextAt),
              missing_minutes: plan.renewal.status === 'pending' ? plan.renewal.missingMinutes : 0,
              last_renewed_at: iso(plan.renewal.lastRenewedAt),
              prepaid_minutes: yearly ? (p?.includedMinutes ?? 0) * 12 : null,
              prepaid_until: yearly ? iso(plan.renewal.nextAt) : null,
            }
          : null,
    };
  }

  /** Wire form of a plan. */
  planJson(p: PlanRecord): Record<string, unknown> {
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      active: p.active,
      included_minutes: p.includedMinutes,
      included_credits: p.includedCredits,
      extra_minutes_cost: p.extraMinutesCost,
      prices: p.prices.map((x) => ({ ...x })),
      cost_in_minutes: planCostInMinutes(p),
    };
  }

  fixtures(role: AccountRole): Record<string, unknown> {
    const user = this.deps.accounts.userByRole(role);
    const users = [...this.users.values()].filter((u) => u.platformAccountId === user.accountId);
    return {
      white_label: {
        plan_ids: this.plansOf(user.accountId).map((p) => p.id),
        platform_users: users.map((u) => ({
          id: u.id,
          name: u.name,
          source: u.plan?.source ?? null,
          minutes: u.plan?.minutes ?? null,
          when_short: u.plan?.whenShort ?? null,
          renewal_status: u.plan?.renewal?.status ?? null,
        })),
      },
    };
  }
}
