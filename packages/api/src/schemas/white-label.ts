import { z } from 'zod';
import { IntegerId, openEnum, wireInteger } from './common.js';

/** Chat credits that make up one minute in a plan's `cost_in_minutes`. */
export const CREDITS_PER_MINUTE = 9;

/** Path parameters of `GET /white-label/users/{id}/plan`. */
export const WhiteLabelUserPlanPathParams = z.strictObject({ id: wireInteger().pipe(IntegerId) });
export type WhiteLabelUserPlanPathParams = z.input<typeof WhiteLabelUserPlanPathParams>;

/** A price of a plan in the platform's currency. */
export const PlanPrice = z.looseObject({
  billing: openEnum(['monthly', 'yearly']),
  amount: z.number(),
});
export type PlanPrice = z.infer<typeof PlanPrice>;

/** A subscription plan of the white-label platform. */
export const Plan = z.looseObject({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  included_minutes: z.number(),
  included_credits: z.int(),
  extra_minutes_cost: z.number(),
  prices: z.array(PlanPrice),
  cost_in_minutes: z.number(),
});
export type Plan = z.infer<typeof Plan>;

/** Response of `GET /white-label/plans`, in the order of the plans page. */
export const PlanListResponse = z.looseObject({
  currency: z.string(),
  data: z.array(Plan),
});
export type PlanListResponse = z.infer<typeof PlanListResponse>;

/** Renewal state of a manual plan's minutes. */
export const PlanRenewal = z.looseObject({
  status: openEnum(['ok', 'pending', 'none']),
  next_at: z.string().nullable(),
  missing_minutes: z.number(),
  last_renewed_at: z.string().nullable(),
  prepaid_minutes: z.number().nullable(),
  prepaid_until: z.string().nullable(),
});
export type PlanRenewal = z.infer<typeof PlanRenewal>;

/** The plan one user of the platform is on. */
export const UserPlan = z.looseObject({
  plan_id: z.int(),
  name: z.string(),
  source: openEnum(['manual', 'trial', 'paid']),
  billing: openEnum(['monthly', 'yearly']),
  included_minutes: z.number(),
  included_credits: z.int(),
  minutes_renew_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  minutes: openEnum(['none', 'monthly', 'yearly']).nullable(),
  when_short: openEnum(['auto_top_up', 'wait']).nullable(),
  renewal: PlanRenewal.nullable(),
});
export type UserPlan = z.infer<typeof UserPlan>;

/** Response of `GET /white-label/users/{id}/plan`: `{data: null}` when the user has no plan. */
export const UserPlanResponse = z.looseObject({
  data: UserPlan.nullable(),
});
export type UserPlanResponse = z.infer<typeof UserPlanResponse>;
