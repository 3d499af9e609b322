import { z } from 'zod';
import { ValidationErrorBody } from './common.js';
import { SessionStatus } from './chat-app.js';
import { TemplateParamSpec } from './automations.js';

/** `error_code` values of realtime and chat-app failures (upper case). */
export const ERROR_CODES = [
  'INSUFFICIENT_BALANCE', 'ASSISTANT_BLOCKED', 'ASSISTANT_NOT_FOUND', 'CONCURRENT_LIMIT', 'CONNECTION_FAILED',
  'SESSION_EXPIRED', 'SENDER_NOT_FOUND', 'INVALID_PHONE', 'SENDER_OFFLINE',
] as const;

/** `error` code values of automation failures (lower case). */
export const AUTOMATION_ERROR_CODES = [
  'missing_params', 'invalid_param_choice', 'needs_connection', 'needs_reconnection',
  'side_effects_require_confirmation', 'assistant_required', 'assistant_not_found', 'binding_conflict',
  'template_not_found', 'not_found', 'retry_no_op', 'retry_failed',
] as const;

/** Every error code string named in the spec's Errors table. */
export const PLATFORM_ERROR_CODES = [...ERROR_CODES, ...AUTOMATION_ERROR_CODES] as const;

/** A code from the spec's Errors table: a body's `error_code`, or its `error` when that is a code. */
export type PlatformErrorCode = (typeof PLATFORM_ERROR_CODES)[number];

/** Schema of a known error code. */
export const PlatformErrorCode = z.enum(PLATFORM_ERROR_CODES);

/** Whether a string is one of the codes of the spec's Errors table. */
export function isPlatformErrorCode(value: unknown): value is PlatformErrorCode {
  return typeof value === 'string' && (PLATFORM_ERROR_CODES as readonly string[]).includes(value);
}

/** `{message}` failures: white-label 401/403/404/429, automation not found, tool limit, assistant not found. */
export const MessageErrorBody = z.looseObject({ message: z.string() });
export type MessageErrorBody = z.infer<typeof MessageErrorBody>;

/** `{error}` failures: knowledgebase not found, document or SIP trunk creation failed, duplicate trunk, unauthorised. */
export const SimpleErrorBody = z.looseObject({ error: z.string() });
export type SimpleErrorBody = z.infer<typeof SimpleErrorBody>;

/** Laravel validation failure (re-exported here so every error body is in one module). */
export { ValidationErrorBody };

/**
 * Realtime failures: `{success: false, error, error_code?}`; 401, 422 and the plain 429 carry no `error_code`.
 */
export const RealtimeErrorBody = z.looseObject({
  success: z.literal(false).optional(),
  error: z.string(),
  error_code: z.union([z.enum(ERROR_CODES), z.string()]).optional(),
});
export type RealtimeErrorBody = z.infer<typeof RealtimeErrorBody>;

/** Chat-app failures: `{success: false, error, error_code}`, plus `session_status` on SESSION_EXPIRED. */
export const ChatAppErrorBody = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  error_code: z.union([z.enum(ERROR_CODES), z.string()]),
  session_status: SessionStatus.optional(),
});
export type ChatAppErrorBody = z.infer<typeof ChatAppErrorBody>;

/**
 * Automation failures: `{message, error: <code>}`; `params` lists template parameter specs on
 * `missing_params` and is null on `template_not_found`.
 */
export const AutomationErrorBody = z.looseObject({
  message: z.string(),
  error: z.union([z.enum(AUTOMATION_ERROR_CODES), z.string()]),
  params: z.array(TemplateParamSpec).nullable().optional(),
});
export type AutomationErrorBody = z.infer<typeof AutomationErrorBody>;

/** Enable-AI failure: `{status: false, error: "Conversation not found"}`. */
export const ConversationErrorBody = z.looseObject({
  status: z.literal(false),
  error: z.string(),
});
export type ConversationErrorBody = z.infer<typeof ConversationErrorBody>;

/**
 * Any failure body the platform sends, read tolerantly: every known field optional and typed, unknown fields kept.
 * Use it to pull `error_code`, `error`, `errors` and `params` out of a body of unknown shape.
 */
export const PlatformErrorBody = z.looseObject({
  success: z.boolean().optional(),
  status: z.boolean().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  params: z.array(TemplateParamSpec).nullable().optional(),
  session_status: SessionStatus.optional(),
});
export type PlatformErrorBody = z.infer<typeof PlatformErrorBody>;

/**
 * The code of a failure body: its `error_code`, else its `error` when that is a code (such as `missing_params`),
 * else `undefined`. Unknown codes shaped like codes are returned as plain strings so new ones are not lost.
 */
export function errorCodeOf(body: unknown): PlatformErrorCode | (string & {}) | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error_code: errorCode, error } = body as { error_code?: unknown; error?: unknown };
  if (typeof errorCode === 'string' && errorCode !== '') return errorCode;
  // `error` is sometimes a human sentence ("Knowledgebase not found."); only code-shaped values are codes.
  if (typeof error === 'string' && /^[a-z][a-z0-9_]*$/.test(error)) return error;
  return undefined;
}

/** Named error bodies, for the OpenAPI document's components. */
export const ERROR_BODY_SCHEMAS = {
  ValidationErrorBody,
  MessageErrorBody,
  SimpleErrorBody,
  RealtimeErrorBody,
  ChatAppErrorBody,
  AutomationErrorBody,
  ConversationErrorBody,
} as const;
