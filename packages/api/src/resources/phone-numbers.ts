import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { PhoneNumberSearchParams, PhoneNumberSearchResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Purchasable phone numbers: `GET /user/phone-numbers/search`. */
export class PhoneNumbers extends APIResource {
  /**
   * Searches purchasable numbers by `country` (default US) and `digits` (numeric, at most 10). Both query names are
   * this package's choice: the spec hides them (see `HIDDEN_PARAMETER_NAMES`).
   *
   * @example
   * const { data } = await client.phoneNumbers.search({ country: 'GB', digits: '20' });
   */
  search(params: PhoneNumberSearchParams = {}, options?: RequestOptions): Promise<PhoneNumberSearchResponse> {
    return this.caller.call(ENDPOINTS['phoneNumbers.search'], { query: params }, options);
  }
}
