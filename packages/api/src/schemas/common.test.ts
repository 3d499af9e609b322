import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { E164, HttpUrl, Uuid, ValidationErrorBody, WireBoolean, openEnum, wireInteger } from './common.js';
import { expectInvalidAt, expectValid, issuesOf } from './schema-assertions.test-support.js';

describe('common primitives', () => {
  it('accepts E.164 numbers and rejects other phone formats', () => {
    expectValid(E164, '+14155550123');
    expectValid(E164, '+447911123456');
    for (const bad of ['14155550123', '+0123456', '+1', '+1234567890123456', '+1 415 555 0123', '']) {
      expectInvalidAt(E164, bad, '', /E\.164/);
    }
  });

  it('accepts any 8-4-4-4-12 hex UUID, as Laravel does, and rejects other strings', () => {
    expectValid(Uuid, '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e');
    expectValid(Uuid, '9B2F4C1E-3D5A-0B6C-0D7E-0F1A2B3C4D5E');
    for (const bad of ['9b2f4c1e3d5a4b6c8d7e0f1a2b3c4d5e', '42', 'not-a-uuid', '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5']) {
      expectInvalidAt(Uuid, bad, '', /UUID/);
    }
  });

  it('accepts http(s) URLs with placeholders and rejects other schemes', () => {
    expectValid(HttpUrl, 'https://api.example.com/orders/{order_id}?phone={{customer_phone}}');
    expectInvalidAt(HttpUrl, 'javascript:alert(1)', '', /URL/);
    expectInvalidAt(HttpUrl, 'ftp://files.example.com/a', '', /URL/);
    expectInvalidAt(HttpUrl, 'not a url', '', /URL/);
  });

  it('reads integers from numbers and numeric strings but not from other text', () => {
    const schema = wireInteger().int().min(1);
    expect(schema.parse(5)).toBe(5);
    expect(schema.parse('15')).toBe(15);
    expectInvalidAt(schema, 'abc', '');
    expectInvalidAt(schema, '1.5', '');
    expectInvalidAt(schema, '0', '');
  });

  it('reads booleans from booleans and query-string forms', () => {
    expect(WireBoolean.parse(true)).toBe(true);
    expect(WireBoolean.parse('1')).toBe(true);
    expect(WireBoolean.parse('true')).toBe(true);
    expect(WireBoolean.parse('0')).toBe(false);
    expect(WireBoolean.parse('false')).toBe(false);
    expectInvalidAt(WireBoolean, 'yes please', '');
  });

  it('accepts known and unknown values in an open enum', () => {
    const Status = openEnum(['online', 'offline']);
    expect(Status.parse('online')).toBe('online');
    expect(Status.parse('degraded')).toBe('degraded');
    expectInvalidAt(Status, 42, '');
    // The known values stay visible to the type checker.
    const known: z.infer<typeof Status> = 'offline';
    expect(known).toBe('offline');
  });

  it('reads the Laravel validation body and keeps unknown fields', () => {
    const body = ValidationErrorBody.parse({ message: 'The name field is required.', errors: { name: ['The name field is required.'] }, trace_id: 'x' });
    expect(body.errors.name).toEqual(['The name field is required.']);
    expect(body.trace_id).toBe('x');
    expectInvalidAt(ValidationErrorBody, { message: 'x', errors: { name: 'not an array' } }, 'errors.name');
  });

  it('has assertion helpers that fail on a valid input or a wrong field path', () => {
    expect(() => expectInvalidAt(E164, '+14155550123', '')).toThrow();
    expect(() => expectInvalidAt(ValidationErrorBody, { message: 'x', errors: { a: 'b' } }, 'message')).toThrow();
    expect(() => expectInvalidAt(E164, 'x', '', /no such message/)).toThrow();
    expect(() => expectValid(E164, 'x')).toThrow();
    expect(issuesOf(E164, 'x')).toHaveLength(1);
  });
});
