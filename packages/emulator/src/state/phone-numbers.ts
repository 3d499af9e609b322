/**
 * Purchasable phone numbers, generated once per emulator from libphonenumber's example numbers: valid
 * numbers of every supported country, repeatable for a seed.
 */
import { getExampleNumber, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { PHONE_SEARCH_COUNTRIES } from '@voice-session/api/schemas';
import type { AreaState } from './area.js';
import { SeededRandom } from './random.js';


/** An available number in wire form. */
export interface AvailableNumber {
  phone_number: string;
  phone_number_formatted: string;
  country_code: string;
  price: number;
  payment_price_id: string;
  address_requirements: 'none' | 'local' | 'foreign' | 'inventory';
  sms_capable: boolean;
}

const PRICES: Record<string, number> = { US: 1.15, CA: 1.15, GB: 1.5, AU: 3, IL: 5, PL: 4, FI: 6, NL: 3.5, DK: 4.5, IT: 5.5 };
const REQUIREMENTS: AvailableNumber['address_requirements'][] = ['none', 'none', 'local', 'foreign', 'inventory'];
const PER_COUNTRY = 25;

/** Generated inventory of numbers per country (unchanged by reset: it is not account state). */
export class PhoneNumbersState implements AreaState {
  private readonly inventory = new Map<string, AvailableNumber[]>();

  constructor(seed: number) {
    const random = new SeededRandom(seed ^ 0x9e37_79b9);
    for (const country of PHONE_SEARCH_COUNTRIES) this.inventory.set(country, this.generate(country as CountryCode, random));
  }

  reset(): void {
    // Inventory is a pure function of the seed.
  }

  /** Numbers of a country, optionally only those whose digits contain `digits`. */
  search(country: string, digits?: string): AvailableNumber[] {
    const all = this.inventory.get(country) ?? [];
    return digits ? all.filter((n) => n.phone_number.slice(1).includes(digits)) : all.map((n) => ({ ...n }));
  }

  private generate(country: CountryCode, random: SeededRandom): AvailableNumber[] {
    const example = getExampleNumber(country, examples);
    if (!example) return [];
    const national = String(example.nationalNumber);
    const out: AvailableNumber[] = [];
    const seen = new Set<string>();
    for (let attempt = 0; attempt < 500 && out.length < PER_COUNTRY; attempt++) {
      // Keep the example's leading digits (a valid range) and vary the subscriber part.
      const keep = Math.max(2, national.length - 5);
      let candidate = national.slice(0, keep);
      while (candidate.length < national.length) candidate += String(random.int(0, 9));
      const e164 = `+${example.countryCallingCode}${candidate}`;
      if (seen.has(e164) || !isValidPhoneNumber(e164)) continue;
      const parsed = parsePhoneNumberFromString(e164);
      if (!parsed) continue;
      seen.add(e164);
      out.push({
        phone_number: e164,
        phone_number_formatted: parsed.formatInternational(),
        country_code: country,
        price: PRICES[country] ?? 2,
        payment_price_id: `price_${random.hex(12)}`,
        address_requirements: random.pick(REQUIREMENTS),
        sms_capable: random.next() < 0.6,
      });
    }
    return out;
  }
}
