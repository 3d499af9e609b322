import { z } from 'zod';
import { Uuid } from './common.js';

/** Most prompt variables a realtime session accepts. */
export const REALTIME_MAX_VARIABLES = 50;

/** Lifetime of a realtime session token, in seconds. */
export const REALTIME_TOKEN_LIFETIME_SECONDS = 900;

/** A prompt variable value: scalars only. */
export const RealtimeVariableValue = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  message: 'Variable values must be a string, number, boolean or null.',
});
export type RealtimeVariableValue = z.infer<typeof RealtimeVariableValue>;

/** Prompt variables: at most 50 keys with scalar values. */
export const RealtimeVariables = z.record(z.string().min(1, { message: 'Variable names must not be empty.' }), RealtimeVariableValue)
  .check((ctx) => {
    const count = Object.keys(ctx.value).length;
    if (count > REALTIME_MAX_VARIABLES) {
      ctx.issues.push({
        code: 'too_big', origin: 'object', maximum: REALTIME_MAX_VARIABLES, inclusive: true, input: ctx.value,
        message: `variables must not have more than ${REALTIME_MAX_VARIABLES} keys (got ${count}).`,
      });
    }
  });
export type RealtimeVariables = z.infer<typeof RealtimeVariables>;

/** Body of `POST /user/realtime/session`. Call it from a backend: the API key must never reach a browser. */
export const RealtimeSessionCreateParams = z.strictObject({
  assistant_id: Uuid.meta({ description: 'The assistant uuid (not the numeric id).' }),
  variables: RealtimeVariables.optional(),
  external_identifier: z.string().max(255, { message: 'The external_identifier must not be greater than 255 characters.' }).optional(),
});
export type RealtimeSessionCreateParams = z.input<typeof RealtimeSessionCreateParams>;

/** A realtime session: the media server URL and a short-lived token for the browser SDK. */
export const RealtimeSession = z.looseObject({
  id: z.string(),
  url: z.string(),
  token: z.string(),
  expires_in: z.number(),
});
export type RealtimeSession = z.infer<typeof RealtimeSession>;

/** Response of `POST /user/realtime/session`: the session object itself. */
export const RealtimeSessionCreateResponse = RealtimeSession;
export type RealtimeSessionCreateResponse = z.infer<typeof RealtimeSessionCreateResponse>;
