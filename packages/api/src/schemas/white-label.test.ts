import { describe, expect, it } from 'vitest';
import { PlanListResponse, UserPlanResponse, WhiteLabelUserPlanPathParams } from './white-label.js';
import { expectInvalidAt } from './schema-assertions.test-support.js';

const plan = {
  id: 1, name: 'Starter', description: 'Entry plan', active: true, included_minutes: 100, included_credits: 90,
  extra_minutes_cost: 0.1, prices: [{ billing: 'monthly', amount: 29 }, { billing: 'yearly', amount: 290 }], cost_in_minutes: 110,
};

const manualPlan = {
  plan_id: 1, name: 'Starter', source: 'manual', billing: 'monthly', included_minutes: 100, included_credits: 90,
  minutes_renew_at: '2026-02-01T00:00:00Z', ends_at: null, minutes: 'monthly', when_short: 'wait',
  renewal: {
    status: 'pending', next_at: null, missing_minutes: 40, last_renewed_at: null, prepaid_minutes: null, prepaid_until: null,
  },
};

describe('white-label schemas', () => {
  it('reads the plans list with its currency and keeps unknown fields', () => {
    const parsed = PlanListResponse.parse({ currency: 'USD', data: [{ ...plan, trial_days: 7 }] });
    expect(parsed.data[0]?.cost_in_minutes).toBe(110);
    expect(parsed.data[0]?.trial_days).toBe(7);
    expectInvalidAt(PlanListResponse, { currency: 'USD', data: [{ ...plan, included_credits: 1.5 }] }, 'data.0.included_credits');
  });

  it('accepts an unknown billing period in prices', () => {
    expect(PlanListResponse.parse({ currency: 'USD', data: [{ ...plan, prices: [{ billing: 'weekly', amount: 9 }] }] }).data[0]?.prices[0]?.billing).toBe('weekly');
  });

  it('reads a manual plan with a pending renewal, a paid plan with nulls and no plan at all', () => {
    expect(UserPlanResponse.parse({ data: manualPlan }).data?.renewal?.status).toBe('pending');
    const paid = { ...manualPlan, source: 'paid', minutes: null, when_short: null, renewal: null };
    expect(UserPlanResponse.parse({ data: paid }).data?.renewal).toBeNull();
    expect(UserPlanResponse.parse({ data: null }).data).toBeNull();
    expect(UserPlanResponse.parse({ data: { ...manualPlan, source: 'gift', when_short: 'notify' } }).data?.source).toBe('gift');
    expectInvalidAt(UserPlanResponse, { data: { ...manualPlan, ends_at: undefined } }, 'data.ends_at');
  });

  it('reads the user id path parameter as a positive integer', () => {
    expect(WhiteLabelUserPlanPathParams.parse({ id: '5' }).id).toBe(5);
    expectInvalidAt(WhiteLabelUserPlanPathParams, { id: 'me' }, 'id');
  });
});
