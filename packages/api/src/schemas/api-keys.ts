import { z } from 'zod';
import { IsoTimestamp } from './common.js';

/** Body of `POST /user/api-keys`: the label of the new key. */
export const ApiKeyCreateParams = z.strictObject({
  name: z.string({ message: 'The name is required and must be a string.' })
    .min(1, { message: 'The name must not be empty.' })
    .max(255, { message: 'The name must not be greater than 255 characters.' }),
});
export type ApiKeyCreateParams = z.input<typeof ApiKeyCreateParams>;

/** An API key as listed: metadata only, never the token. */
export const ApiKey = z.looseObject({
  id: z.int(),
  name: z.string(),
  last_used_at: IsoTimestamp.nullable(),
  created_at: IsoTimestamp,
});
export type ApiKey = z.infer<typeof ApiKey>;

/** A newly created API key: the only time its token is returned. */
export const CreatedApiKey = z.looseObject({
  name: z.string(),
  token: z.string(),
  created_at: IsoTimestamp,
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/** Response of `POST /user/api-keys`. */
export const ApiKeyCreateResponse = z.looseObject({
  message: z.string(),
  api_key: CreatedApiKey,
});
export type ApiKeyCreateResponse = z.infer<typeof ApiKeyCreateResponse>;

/** Response of `GET /user/api-keys` (`{api_keys: []}` when there are none). */
export const ApiKeyListResponse = z.looseObject({
  api_keys: z.array(ApiKey),
});
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;
