import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { PlanListResponse, UserPlanResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** White-label plans: `GET /white-label/plans`, `GET /white-label/users/{id}/plan`. */
export class WhiteLabel extends APIResource {
  /** Lists the platform's plans in the order of its plans page, with their `currency`. */
  listPlans(options?: RequestOptions): Promise<PlanListResponse> {
    return this.caller.call(ENDPOINTS['whiteLabel.listPlans'], {}, options);
  }

  /**
   * Reads the plan of one user of the platform; `data` is `null` when the user has no plan.
   *
   * @example
   * const { data } = await client.whiteLabel.getUserPlan(501);
   */
  getUserPlan(userId: number, options?: RequestOptions): Promise<UserPlanResponse> {
    return this.caller.call(ENDPOINTS['whiteLabel.getUserPlan'], { pathParams: { id: userId } }, options);
  }
}
