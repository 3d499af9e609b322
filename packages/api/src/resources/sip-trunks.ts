import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { SipTrunkCreateParams, SipTrunkCreateResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** SIP trunks: `POST /user/phone-numbers/sip-trunks`. */
export class SipTrunks extends APIResource {
  /**
   * Creates a SIP trunk (an extension or an E.164 number); inbound and outbound trunks are provisioned automatically.
   * The password is write-only.
   */
  create(params: SipTrunkCreateParams, options?: RequestOptions): Promise<SipTrunkCreateResponse> {
    return this.caller.call(ENDPOINTS['sipTrunks.create'], { body: params }, options);
  }
}
