import { z } from 'zod';

/**
 * E.164 phone number rule: a plus sign, a non-zero first digit, at most 15 digits in all.
 * libphonenumber-js is deliberately not a dependency of the contract, so this is the syntactic rule only.
 */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** A phone number in international E.164 format, for example `+14155550123`. */
export const E164 = z.string().regex(E164_PATTERN, { message: 'Must be a phone number in E.164 format, for example +14155550123.' });
export type E164 = z.infer<typeof E164>;

/**
 * A UUID in the 8-4-4-4-12 hexadecimal layout. Laravel's `uuid` rule does not check the version or variant
 * nibbles, so neither does this (a stricter check would reject ids the platform accepts).
 */
export const Uuid = z.guid({ message: 'Must be a UUID.' });
export type Uuid = z.infer<typeof Uuid>;

/** An ISO 8601 timestamp as the platform sends it; read as a plain string so a format change never throws. */
export const IsoTimestamp = z.string();
export type IsoTimestamp = z.infer<typeof IsoTimestamp>;

/** An absolute http(s) URL, the only kind the platform can fetch or call. */
export const HttpUrl = z.url({ protocol: /^https?$/, message: 'Must be a valid http or https URL.' });
export type HttpUrl = z.infer<typeof HttpUrl>;

/** A positive integer identifier (ids of keys, documents, tools, senders, folders...). */
export const IntegerId = z.int({ message: 'Must be an integer.' }).positive({ message: 'Must be a positive integer.' });
export type IntegerId = z.infer<typeof IntegerId>;

/**
 * An integer that may arrive as a string: query strings and multipart form fields carry text, and Laravel's
 * `integer` rule accepts numeric strings. Typed as `number` on the input side so callers still write numbers.
 */
export function wireInteger(): z.ZodCoercedNumber<number> {
  return z.coerce.number<number>({ message: 'Must be an integer.' });
}

/**
 * A boolean that may arrive as a query-string value (`true`/`false`/`1`/`0`), as Laravel's `boolean` rule reads it.
 */
export const WireBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);
export type WireBoolean = z.input<typeof WireBoolean>;

/**
 * An enum that names the known values (so autocomplete shows them) but accepts any other string, so a value the
 * platform adds later never makes a response fail to parse.
 *
 * @example
 * const Status = openEnum(['online', 'offline']); // type: 'online' | 'offline' | (string & {})
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string() as z.ZodType<string & {}, string>]);
}

/** The Laravel validation failure body: a summary message and the messages of each failing field. */
export const ValidationErrorBody = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** The `{message}` acknowledgement many endpoints answer with. */
export const MessageBody = z.looseObject({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;
