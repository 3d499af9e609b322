import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type {
  AutomationApplyTemplateParams,
  AutomationApplyTemplateResponse,
  AutomationGetParams,
  AutomationGetResponse,
  AutomationRetryRunResponse,
  AutomationRunGetResponse,
  AutomationRunListParams,
  AutomationRunListResponse,
} from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Automations: apply a template, read an automation, list, read and retry its runs. */
export class Automations extends APIResource {
  /**
   * Applies template `key`: creates the automation and runs a real test (201 when active, 200 with the failure
   * status when the test failed). Never retried after a timeout or 5xx, since the automation may exist.
   *
   * @example
   * const envelope = await client.automations.applyTemplate('post_call_summary', { assistant_id: 7, params: { email: 'ops@example.com' } });
   */
  applyTemplate(key: string, params: AutomationApplyTemplateParams = {}, options?: RequestOptions): Promise<AutomationApplyTemplateResponse> {
    return this.caller.call(ENDPOINTS['automations.applyTemplate'], { pathParams: { key }, body: params }, options);
  }

  /** Reads an automation; `{unmask: true}` returns credential-bearing values unmasked (`unmask` is this package's name for the hidden parameter). */
  get(id: string, params: AutomationGetParams = {}, options?: RequestOptions): Promise<AutomationGetResponse> {
    return this.caller.call(ENDPOINTS['automations.get'], { pathParams: { id }, query: params }, options);
  }

  /** Lists an automation's runs, newest first; `{limit}` (1-20, default 10) is this package's name for the count. */
  listRuns(id: string, params: AutomationRunListParams = {}, options?: RequestOptions): Promise<AutomationRunListResponse> {
    return this.caller.call(ENDPOINTS['automations.listRuns'], { pathParams: { id }, query: params }, options);
  }

  /** Reads one run with the outcome of each step. */
  getRun(id: string, runId: string, options?: RequestOptions): Promise<AutomationRunGetResponse> {
    return this.caller.call(ENDPOINTS['automations.getRun'], { pathParams: { id }, query: { run_id: runId } }, options);
  }

  /** Retries a failed run under the same run id; a stale saved state fails with `retry_no_op`. */
  retryRun(id: string, runId: string, options?: RequestOptions): Promise<AutomationRetryRunResponse> {
    return this.caller.call(ENDPOINTS['automations.retryRun'], { pathParams: { id, run_id: runId } }, options);
  }
}
