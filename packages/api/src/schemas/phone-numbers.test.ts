import { describe, expect, it } from 'vitest';
import { PhoneNumberSearchParams, PhoneNumberSearchResponse } from './phone-numbers.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

describe('phone number search schemas', () => {
  it('defaults the country to US and accepts every supported country', () => {
    expect(expectValid(PhoneNumberSearchParams, {}).country).toBe('US');
    for (const country of ['US', 'CA', 'GB', 'AU', 'IL', 'PL', 'FI', 'NL', 'DK', 'IT']) expectValid(PhoneNumberSearchParams, { country });
    expectInvalidAt(PhoneNumberSearchParams, { country: 'FR' }, 'country', /one of US/);
  });

  it('accepts 1 to 10 numeric digits only', () => {
    expectValid(PhoneNumberSearchParams, { digits: '415' });
    expectValid(PhoneNumberSearchParams, { digits: '1234567890' });
    expectInvalidAt(PhoneNumberSearchParams, { digits: '12345678901' }, 'digits', /at most 10/);
    expectInvalidAt(PhoneNumberSearchParams, { digits: '41a' }, 'digits', /numeric/);
    expectInvalidAt(PhoneNumberSearchParams, { digits: '' }, 'digits');
    expectInvalidAt(PhoneNumberSearchParams, { area_code: '415' }, '');
  });

  it('reads available numbers and tolerates an unknown address requirement', () => {
    const number = {
      phone_number: '+14155550123', phone_number_formatted: '(415) 555-0123', country_code: 'US', price: 1.5,
      payment_price_id: 'price_1', address_requirements: 'regional', sms_capable: true, mms_capable: false,
    };
    const parsed = PhoneNumberSearchResponse.parse({ data: [number] });
    expect(parsed.data[0]?.address_requirements).toBe('regional');
    expect(parsed.data[0]?.mms_capable).toBe(false);
    expect(PhoneNumberSearchResponse.parse({ data: [] }).data).toEqual([]);
  });
});
