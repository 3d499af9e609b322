import { z } from 'zod';
import { openEnum } from './common.js';

/** Countries whose numbers can be searched (ISO 3166-1 alpha-2). */
export const PHONE_SEARCH_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'IL', 'PL', 'FI', 'NL', 'DK', 'IT'] as const;

/**
 * Query of `GET /user/phone-numbers/search`. The spec hides both names; `country` and `digits` are this
 * package's choice (see `HIDDEN_PARAMETER_NAMES`).
 */
export const PhoneNumberSearchParams = z.strictObject({
  country: z.enum(PHONE_SEARCH_COUNTRIES, {
    message: `country must be one of ${PHONE_SEARCH_COUNTRIES.join(', ')}.`,
  }).default('US'),
  digits: z.string().regex(/^\d{1,10}$/, { message: 'digits must contain only numeric characters, at most 10.' }).optional(),
});
export type PhoneNumberSearchParams = z.input<typeof PhoneNumberSearchParams>;

/** A phone number that can be bought. */
export const AvailablePhoneNumber = z.looseObject({
  phone_number: z.string(),
  phone_number_formatted: z.string(),
  country_code: z.string(),
  price: z.number(),
  payment_price_id: z.string(),
  address_requirements: openEnum(['none', 'local', 'foreign', 'inventory']),
  sms_capable: z.boolean(),
});
export type AvailablePhoneNumber = z.infer<typeof AvailablePhoneNumber>;

/** Response of `GET /user/phone-numbers/search` (`{data: []}` when nothing matches). */
export const PhoneNumberSearchResponse = z.looseObject({
  data: z.array(AvailablePhoneNumber),
});
export type PhoneNumberSearchResponse = z.infer<typeof PhoneNumberSearchResponse>;
