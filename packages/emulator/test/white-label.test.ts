import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness();

const plan = async (id: number) => (await h.client('primary').whiteLabel.getUserPlan(id)).data;

describe('GET /white-label/plans', () => {
  it('lists active and inactive plans with cost_in_minutes = minutes + credits / 9', async () => {
    const res = await h.client('primary').whiteLabel.listPlans();
    expect(res.currency).toBe('USD');
    expect(res.data.map((p) => p.active)).toContain(false);
    for (const p of res.data) {
      expect(p.cost_in_minutes).toBeCloseTo(p.included_minutes + p.included_credits / 9, 2);
    }
    const byName = Object.fromEntries(res.data.map((p) => [p.name, p]));
    expect(byName.Starter?.cost_in_minutes).toBe(150);
    expect(byName['Chat Plus']?.cost_in_minutes).toBe(21.11);
    expect(byName.Free?.cost_in_minutes).toBe(0);
    expect(byName['Enterprise Yearly']?.prices).toEqual([{ billing: 'yearly', amount: 2990 }]);
  });

  it('answers 403 "You do not have access to these settings." for a member without Billing Access', async () => {
    const res = await h.api('GET', '/white-label/plans', { key: 'member' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You do not have access to these settings.' });
  });

  it('answers 403 "You are not an administrator." for an account that is not a white-label owner', async () => {
    for (const path of ['/white-label/plans', '/white-label/users/1001/plan']) {
      const res = await h.api('GET', path, { key: 'secondary' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You are not an administrator.' });
    }
  });

  it('shares 60 requests a minute per account and answers 429 with Retry-After', async () => {
    // Owner and member share the account's budget.
    for (let i = 0; i < 30; i++) await h.api('GET', '/white-label/plans');
    for (let i = 0; i < 30; i++) await h.api('GET', '/white-label/users/1001/plan', { key: 'member' });
    const res = await h.api('GET', '/white-label/plans');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another account has its own budget (and is refused for its own reason).
    expect((await h.api('GET', '/white-label/plans', { key: 'secondary' })).status).toBe(403);
    await h.control('POST', '/clock/advance', { seconds: retryAfter });
    expect((await h.api('GET', '/white-label/plans')).status).toBe(200);
  });
});

describe('GET /white-label/users/{id}/plan', () => {
  it('returns manual plans with renewal details, and trial/paid plans with null manual fields', async () => {
    const manual = await plan(1001);
    expect(manual).toMatchObject({ source: 'manual', minutes: 'monthly', when_short: 'auto_top_up', billing: 'monthly' });
    expect(manual?.renewal).toMatchObject({ status: 'ok', missing_minutes: 0, prepaid_minutes: null, prepaid_until: null, last_renewed_at: null });
    const yearly = await plan(1003);
    expect(yearly).toMatchObject({ minutes: 'yearly', billing: 'yearly' });
    expect(yearly?.renewal?.prepaid_minutes).toBe(24000);
    expect(yearly?.renewal?.prepaid_until).toBe(yearly?.renewal?.next_at);
    expect((await plan(1004))?.renewal).toMatchObject({ status: 'none', next_at: null });
    expect((await plan(1005))?.renewal?.status).toBe('none');
    expect((await plan(1006))?.renewal).toMatchObject({ status: 'pending', missing_minutes: 0 });
    for (const id of [1007, 1008]) {
      const p = await plan(id);
      expect(p).toMatchObject({ minutes: null, when_short: null, renewal: null });
    }
    expect((await plan(1007))?.source).toBe('trial');
    expect((await plan(1008))?.source).toBe('paid');
  });

  it('returns {data: null} for a user without a plan', async () => {
    const res = await h.api('GET', '/white-label/users/1009/plan');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
  });

  it('answers 404 "User not found." for the owner, team members and unknown ids', async () => {
    for (const id of [1, 3, 99999, 'abc']) {
      const res = await h.api('GET', `/white-label/users/${id}/plan`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'User not found.' });
    }
  });
});

describe('plan renewals on the clock', () => {
  it('renews and takes the minutes from the owner when the balance covers it', async () => {
    const before = await plan(1002);
    await h.control('POST', '/clock/advance', { seconds: 86_400 });
    const after = await plan(1002);
    expect(after?.renewal?.status).toBe('ok');
    expect(after?.renewal?.last_renewed_at).toBe(before?.renewal?.next_at);
    expect(Date.parse(after?.renewal?.next_at ?? '')).toBeGreaterThan(Date.parse(before?.renewal?.next_at ?? ''));
    const seed = await h.seed();
    // Pro (600) for Ben, plus the seeded pending Legacy renewal (200) that ran within the first hour.
    expect(seed.primary.balance.minutes).toBe(5000 - 600 - 200);
  });

  it('goes pending with missing_minutes when the owner cannot cover it, and renews once topped up', async () => {
    // Let the seeded pending renewal run first (within the hour), then leave the owner short.
    await h.control('POST', '/clock/advance', { seconds: 7200 });
    await h.control('POST', '/accounts/primary/balance', { minutes: 100 });
    await h.control('POST', '/clock/advance', { seconds: 86_400 - 7200 });
    const pending = await plan(1002);
    expect(pending?.renewal).toMatchObject({ status: 'pending', missing_minutes: 500 });
    await h.control('POST', '/accounts/primary/balance', { minutes: 1000 });
    const renewed = await plan(1002);
    expect(renewed?.renewal).toMatchObject({ status: 'ok', missing_minutes: 0 });
    expect((await h.seed()).primary.balance.minutes).toBe(400);
  });

  it('charges 12 × cost_in_minutes for a yearly-minutes renewal', async () => {
    const yearly = await plan(1003);
    const cost = (await h.client('primary').whiteLabel.listPlans()).data.find((p) => p.id === yearly?.plan_id)?.cost_in_minutes ?? NaN;
    // Enough for every monthly renewal on the way, then exactly one minute short of the yearly one.
    await h.control('POST', '/accounts/primary/balance', { minutes: 1_000_000 });
    const dueIn = (Date.parse(yearly?.renewal?.next_at ?? '') - h.emu.clock.now()) / 1000;
    await h.control('POST', '/clock/advance', { seconds: dueIn - 60 });
    await h.control('POST', '/accounts/primary/balance', { minutes: 12 * cost - 1 });
    await h.control('POST', '/clock/advance', { seconds: 60 });
    expect((await plan(1003))?.renewal).toMatchObject({ status: 'pending', missing_minutes: 1 });
    await h.control('POST', '/accounts/primary/balance', { minutes: 12 * cost });
    expect((await plan(1003))?.renewal).toMatchObject({ status: 'ok', missing_minutes: 0, last_renewed_at: yearly?.renewal?.next_at });
    expect((await h.seed()).primary.balance.minutes).toBe(0);
  });

  it('with auto top-up goes pending with 0 missing and renews within the hour', async () => {
    await h.control('POST', '/accounts/primary/balance', { minutes: 0 });
    await h.control('POST', '/clock/advance', { seconds: 10 * 86_400 });
    expect((await plan(1001))?.renewal).toMatchObject({ status: 'pending', missing_minutes: 0 });
    await h.control('POST', '/clock/advance', { seconds: 3600 });
    expect((await plan(1001))?.renewal?.status).toBe('ok');
  });
});
