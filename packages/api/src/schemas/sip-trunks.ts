import { z } from 'zod';
import { E164_PATTERN, IsoTimestamp, openEnum } from './common.js';

/** How the trunk's `phone_number` is read. */
export const SIP_TRUNK_TYPES = ['extension', 'number'] as const;

/** Number formats the SIP server expects on outbound calls. */
export const SIP_CALLING_FORMATS = ['+e164', 'e164', 'national'] as const;

/** Inbound authentication: username/password or an IP whitelist. */
export const SIP_INBOUND_AUTHORIZATION_TYPES = ['auth', 'ip'] as const;

/** One IPv4 or IPv6 address. */
export const IpAddress = z.union([z.ipv4(), z.ipv6()], { message: 'Must be a valid IPv4 or IPv6 address.' });
export type IpAddress = z.infer<typeof IpAddress>;

/** Body of `POST /user/phone-numbers/sip-trunks`. */
export const SipTrunkCreateParams = z.strictObject({
  sip_trunk_type: z.enum(SIP_TRUNK_TYPES, { message: 'The sip_trunk_type must be extension or number.' }),
  phone_number: z.string({ message: 'The phone_number is required and must be a string.' })
    .min(1, { message: 'The phone_number must not be empty.' }),
  nickname: z.string().max(50, { message: 'The nickname must not be greater than 50 characters.' }).optional(),
  sip_username: z.string({ message: 'The sip_username is required and must be a string.' })
    .min(3, { message: 'The sip_username must be at least 3 characters.' })
    .max(128, { message: 'The sip_username must not be greater than 128 characters.' }),
  sip_password: z.string({ message: 'The sip_password is required and must be a string.' })
    .min(3, { message: 'The sip_password must be at least 3 characters.' }),
  sip_address: z.string({ message: 'The sip_address is required and must be a string.' })
    .min(1, { message: 'The sip_address must not be empty.' })
    // The platform stores the host alone and adds the port itself.
    .refine((value) => !/^[^:]*:\d+$/.test(value) && !/^\[.*\]:\d+$/.test(value) && !/[\s/]/.test(value), {
      message: 'The sip_address must be a server address without port, scheme or path.',
    }),
  sip_calling_format: z.enum(SIP_CALLING_FORMATS, { message: 'The sip_calling_format must be one of +e164, e164, national.' }),
  inbound_authorization_type: z.enum(SIP_INBOUND_AUTHORIZATION_TYPES, {
    message: 'The inbound_authorization_type must be auth or ip.',
  }),
  allowed_inbound_ips: z.array(IpAddress).optional(),
  country_code: z.string({ message: 'The country_code is required and must be a string.' })
    .regex(/^[A-Za-z]{2}$/, { message: 'The country_code must be a two-letter ISO 3166 country code.' }),
  outbound_proxy: z.boolean().default(false),
}).superRefine((value, ctx) => {
  // Runs even when fields failed their own rules, so every field is checked before use.
  const phone = typeof value.phone_number === 'string' ? value.phone_number : undefined;
  if (value.sip_trunk_type === 'extension' && phone !== undefined && phone.length > 15) {
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'An extension must be 1 to 15 characters.' });
  }
  if (value.sip_trunk_type === 'number' && phone !== undefined && !E164_PATTERN.test(phone)) {
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'The phone_number must be an E.164 number when sip_trunk_type is number.' });
  }
  const ips: unknown = value.allowed_inbound_ips;
  if (value.inbound_authorization_type === 'ip' && (!Array.isArray(ips) || ips.length === 0)) {
    ctx.addIssue({
      code: 'custom', path: ['allowed_inbound_ips'],
      message: 'At least one allowed inbound IP address is required when inbound_authorization_type is ip.',
    });
  }
});
export type SipTrunkCreateParams = z.input<typeof SipTrunkCreateParams>;

/** A SIP trunk; the password is write-only and never returned. */
export const SipTrunk = z.looseObject({
  id: z.int(),
  phone_number: z.string(),
  nickname: z.string().nullable(),
  sip_username: z.string(),
  sip_address: z.string(),
  sip_calling_format: openEnum(SIP_CALLING_FORMATS),
  inbound_authorization_type: openEnum(SIP_INBOUND_AUTHORIZATION_TYPES),
  allowed_inbound_ips: z.array(z.string()).nullable(),
  outbound_proxy: z.boolean(),
  country_code: z.string(),
  inbound_trunk_id: z.string(),
  outbound_trunk_id: z.string(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type SipTrunk = z.infer<typeof SipTrunk>;

/** Response of `POST /user/phone-numbers/sip-trunks`. */
export const SipTrunkCreateResponse = z.looseObject({
  message: z.string(),
  data: SipTrunk,
});
export type SipTrunkCreateResponse = z.infer<typeof SipTrunkCreateResponse>;
