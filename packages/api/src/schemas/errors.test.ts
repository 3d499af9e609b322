import { describe, expect, it } from 'vitest';
import {
  AutomationErrorBody, ChatAppErrorBody, ConversationErrorBody, MessageErrorBody, PLATFORM_ERROR_CODES, PlatformErrorBody,
  RealtimeErrorBody, SimpleErrorBody, ValidationErrorBody, errorCodeOf, isPlatformErrorCode,
  type PlatformErrorCode,
} from './errors.js';
import type { z } from 'zod';

const closedWindow = { is_open: false, can_send_freeform: false, requires_template: true, message: 'closed', expired_at: '2026-01-01T00:00:00Z' };
const paramSpec = { key: 'sheet_id', label: 'Sheet', description: 'The sheet to write to', required: true, example: 'abc' };

/** Every row of the spec's Errors table: the body, the schema that reads it and the code a client reports. */
const ROWS: { row: string; schema: z.ZodType; body: Record<string, unknown>; code: PlatformErrorCode | undefined }[] = [
  { row: 'create API key: name missing', schema: ValidationErrorBody, body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } }, code: undefined },
  { row: 'create document: unknown knowledgebase', schema: SimpleErrorBody, body: { error: 'Knowledgebase not found.' }, code: undefined },
  { row: 'create document: file missing', schema: ValidationErrorBody, body: { message: 'The file field is required.', errors: { file: ['The file field is required.'] } }, code: undefined },
  { row: 'create document: creation failed', schema: SimpleErrorBody, body: { error: 'Failed to create document. Please try again.' }, code: undefined },
  { row: 'create tool: bad name', schema: ValidationErrorBody, body: { message: 'bad', errors: { name: ['bad'] } }, code: undefined },
  { row: 'create tool: plan limit', schema: MessageErrorBody, body: { message: 'Upgrade your plan to add more tools.' }, code: undefined },
  { row: 'realtime 401', schema: RealtimeErrorBody, body: { success: false, error: 'Unauthenticated.' }, code: undefined },
  { row: 'realtime 402', schema: RealtimeErrorBody, body: { success: false, error: 'x', error_code: 'INSUFFICIENT_BALANCE' }, code: 'INSUFFICIENT_BALANCE' },
  { row: 'realtime 403', schema: RealtimeErrorBody, body: { success: false, error: 'x', error_code: 'ASSISTANT_BLOCKED' }, code: 'ASSISTANT_BLOCKED' },
  { row: 'realtime 404', schema: RealtimeErrorBody, body: { success: false, error: 'x', error_code: 'ASSISTANT_NOT_FOUND' }, code: 'ASSISTANT_NOT_FOUND' },
  { row: 'realtime 422', schema: RealtimeErrorBody, body: { success: false, error: 'The assistant id must be a valid UUID.' }, code: undefined },
  { row: 'realtime 429 concurrent', schema: RealtimeErrorBody, body: { success: false, error: 'x', error_code: 'CONCURRENT_LIMIT' }, code: 'CONCURRENT_LIMIT' },
  { row: 'realtime 429 rate', schema: RealtimeErrorBody, body: { success: false, error: 'Too many requests.' }, code: undefined },
  { row: 'realtime 503', schema: RealtimeErrorBody, body: { success: false, error: 'x', error_code: 'CONNECTION_FAILED' }, code: 'CONNECTION_FAILED' },
  { row: 'white label 401', schema: MessageErrorBody, body: { message: 'Unauthenticated.' }, code: undefined },
  { row: 'white label 403 admin', schema: MessageErrorBody, body: { message: 'You are not an administrator.' }, code: undefined },
  { row: 'white label 403 billing', schema: MessageErrorBody, body: { message: 'You do not have access to these settings.' }, code: undefined },
  { row: 'get user plan 404', schema: MessageErrorBody, body: { message: 'User not found.' }, code: undefined },
  { row: 'white label 429', schema: MessageErrorBody, body: { message: 'Too Many Attempts.' }, code: undefined },
  { row: 'SIP duplicate', schema: SimpleErrorBody, body: { error: 'A SIP trunk with this phone number, username and address already exists.' }, code: undefined },
  { row: 'SIP validation', schema: ValidationErrorBody, body: { message: 'The given data was invalid.', errors: { sip_address: ['required'] } }, code: undefined },
  { row: 'apply template missing_params', schema: AutomationErrorBody, body: { message: 'Missing parameters', error: 'missing_params', params: [paramSpec] }, code: 'missing_params' },
  { row: 'apply template invalid_param_choice', schema: AutomationErrorBody, body: { message: 'Choose one of: a, b', error: 'invalid_param_choice' }, code: 'invalid_param_choice' },
  { row: 'apply template needs_connection', schema: AutomationErrorBody, body: { message: 'x', error: 'needs_connection' }, code: 'needs_connection' },
  { row: 'apply template needs_reconnection', schema: AutomationErrorBody, body: { message: 'x', error: 'needs_reconnection' }, code: 'needs_reconnection' },
  { row: 'apply template side effects', schema: AutomationErrorBody, body: { message: 'x', error: 'side_effects_require_confirmation' }, code: 'side_effects_require_confirmation' },
  { row: 'apply template assistant_required', schema: AutomationErrorBody, body: { message: 'x', error: 'assistant_required' }, code: 'assistant_required' },
  { row: 'apply template assistant_not_found', schema: AutomationErrorBody, body: { message: 'x', error: 'assistant_not_found' }, code: 'assistant_not_found' },
  { row: 'apply template binding_conflict', schema: AutomationErrorBody, body: { message: 'x', error: 'binding_conflict' }, code: 'binding_conflict' },
  { row: 'apply template 404', schema: AutomationErrorBody, body: { message: 'Template not found', error: 'template_not_found', params: null }, code: 'template_not_found' },
  { row: 'get automation 404', schema: MessageErrorBody, body: { message: 'Automation not found' }, code: undefined },
  { row: 'list runs run 404', schema: MessageErrorBody, body: { message: 'Run not found for this automation' }, code: undefined },
  { row: 'retry 404', schema: AutomationErrorBody, body: { message: 'Not found', error: 'not_found' }, code: 'not_found' },
  { row: 'retry no-op', schema: AutomationErrorBody, body: { message: 'x', error: 'retry_no_op' }, code: 'retry_no_op' },
  { row: 'retry failed', schema: AutomationErrorBody, body: { message: 'x', error: 'retry_failed' }, code: 'retry_failed' },
  { row: 'webhooks assistant not found', schema: MessageErrorBody, body: { message: 'Assistant not found' }, code: undefined },
  { row: 'send 402', schema: ChatAppErrorBody, body: { success: false, error: 'x', error_code: 'INSUFFICIENT_BALANCE' }, code: 'INSUFFICIENT_BALANCE' },
  { row: 'send 403', schema: ChatAppErrorBody, body: { success: false, error: 'x', error_code: 'SESSION_EXPIRED', session_status: closedWindow }, code: 'SESSION_EXPIRED' },
  { row: 'send 404', schema: ChatAppErrorBody, body: { success: false, error: 'x', error_code: 'SENDER_NOT_FOUND' }, code: 'SENDER_NOT_FOUND' },
  { row: 'send 422', schema: ChatAppErrorBody, body: { success: false, error: 'x', error_code: 'INVALID_PHONE' }, code: 'INVALID_PHONE' },
  { row: 'send 503', schema: ChatAppErrorBody, body: { success: false, error: 'x', error_code: 'SENDER_OFFLINE' }, code: 'SENDER_OFFLINE' },
  { row: 'enable AI not found', schema: ConversationErrorBody, body: { status: false, error: 'Conversation not found' }, code: undefined },
  { row: 'enable AI unauthorised', schema: SimpleErrorBody, body: { error: 'Unauthorized' }, code: undefined },
];

describe('error bodies', () => {
  it.each(ROWS)('reads the $row body with its schema and the tolerant reader', ({ schema, body }) => {
    expect(schema.parse({ ...body, extra: 1 })).toMatchObject({ ...body, extra: 1 });
    expect(PlatformErrorBody.parse(body)).toMatchObject(body);
  });

  it.each(ROWS)('reports the code of the $row body', ({ body, code }) => {
    expect(errorCodeOf(body)).toBe(code);
  });

  it('names every code of the Errors table in the code union', () => {
    const named = new Set(ROWS.map((row) => row.code).filter((code) => code !== undefined));
    expect(new Set(PLATFORM_ERROR_CODES)).toEqual(named);
    expect(isPlatformErrorCode('retry_no_op')).toBe(true);
    expect(isPlatformErrorCode('Unauthorized')).toBe(false);
  });

  it('keeps an unknown code instead of dropping it, and ignores human sentences in error', () => {
    expect(errorCodeOf({ success: false, error: 'x', error_code: 'NEW_CODE' })).toBe('NEW_CODE');
    expect(errorCodeOf({ message: 'x', error: 'quota_exceeded' })).toBe('quota_exceeded');
    expect(errorCodeOf({ error: 'Conversation not found' })).toBeUndefined();
    expect(errorCodeOf('oops')).toBeUndefined();
    expect(errorCodeOf(null)).toBeUndefined();
  });

  it('accepts unknown error codes in typed bodies', () => {
    expect(ChatAppErrorBody.parse({ success: false, error: 'x', error_code: 'RATE_LIMITED' }).error_code).toBe('RATE_LIMITED');
    expect(AutomationErrorBody.parse({ message: 'x', error: 'quota_exceeded' }).error).toBe('quota_exceeded');
  });
});
