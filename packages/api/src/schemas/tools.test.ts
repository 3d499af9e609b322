import { describe, expect, it } from 'vitest';
import { ToolCreateParams, ToolCreateResponse } from './tools.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

const tool = {
  name: 'lookup_order', description: 'Look up an order by its number', endpoint: 'https://api.example.com/orders/{order_id}',
  method: 'GET',
};

describe('tool schemas', () => {
  it('accepts a minimal tool and applies the json body format and 10 s timeout defaults', () => {
    const parsed = expectValid(ToolCreateParams, tool);
    expect(parsed.body_format).toBe('json');
    expect(parsed.timeout).toBe(10);
  });

  it('accepts a full tool with headers, static fields and schema parameters', () => {
    const parsed = expectValid(ToolCreateParams, {
      ...tool, method: 'POST', body_format: 'form', timeout: 30,
      headers: [{ name: 'X-Call', value: '{{call_id}}' }], static_fields: [{ key: 'source', value: 'voice' }],
      schema: [{ name: '_order_id', type: 'string', description: 'The order number' }],
    });
    expect(parsed.schema?.[0]?.required).toBe(false);
  });

  it('enforces the tool name pattern and length', () => {
    expectValid(ToolCreateParams, { ...tool, name: '_a1' });
    expectValid(ToolCreateParams, { ...tool, name: 'a'.repeat(64) });
    for (const name of ['1abc', 'has-dash', 'has space', 'ümlaut']) {
      expectInvalidAt(ToolCreateParams, { ...tool, name }, 'name', /letters, digits and underscores/);
    }
    expectInvalidAt(ToolCreateParams, { ...tool, name: 'a'.repeat(65) }, 'name', /64/);
    expectInvalidAt(ToolCreateParams, { ...tool, name: undefined }, 'name', /required/);
  });

  it('enforces description, endpoint, method and body format rules', () => {
    expectInvalidAt(ToolCreateParams, { ...tool, description: 'd'.repeat(256) }, 'description', /255/);
    expectInvalidAt(ToolCreateParams, { ...tool, endpoint: 'not-a-url' }, 'endpoint', /URL/);
    expectInvalidAt(ToolCreateParams, { ...tool, endpoint: `https://example.com/${'a'.repeat(2048)}` }, 'endpoint', /2048/);
    expectInvalidAt(ToolCreateParams, { ...tool, method: 'get' }, 'method', /GET, POST/);
    expectInvalidAt(ToolCreateParams, { ...tool, body_format: 'xml' }, 'body_format', /json or form/);
  });

  it('enforces the 1-30 second integer timeout', () => {
    expectValid(ToolCreateParams, { ...tool, timeout: 1 });
    expectInvalidAt(ToolCreateParams, { ...tool, timeout: 0 }, 'timeout', /at least 1/);
    expectInvalidAt(ToolCreateParams, { ...tool, timeout: 31 }, 'timeout', /30/);
    expectInvalidAt(ToolCreateParams, { ...tool, timeout: 2.5 }, 'timeout', /integer/);
  });

  it('enforces schema parameter name, type, description and required rules', () => {
    const param = { name: 'order_id', type: 'number', description: 'The order', required: true };
    expectValid(ToolCreateParams, { ...tool, schema: [param, { ...param, type: 'float' }, { ...param, type: 'boolean' }] });
    expectInvalidAt(ToolCreateParams, { ...tool, schema: [{ ...param, name: '' }] }, 'schema.0.name', /empty/);
    expectInvalidAt(ToolCreateParams, { ...tool, schema: [{ ...param, name: '9x' }] }, 'schema.0.name', /letters/);
    expectInvalidAt(ToolCreateParams, { ...tool, schema: [{ ...param, name: 'p'.repeat(65) }] }, 'schema.0.name', /64/);
    expectInvalidAt(ToolCreateParams, { ...tool, schema: [{ ...param, type: 'integer' }] }, 'schema.0.type', /string, number, float, boolean/);
    expectInvalidAt(ToolCreateParams, { ...tool, schema: [{ ...param, description: 'ab' }] }, 'schema.0.description', /at least 3/);
    expectInvalidAt(ToolCreateParams, { ...tool, schema: [{ ...param, description: 'd'.repeat(256) }] }, 'schema.0.description', /255/);
    expectInvalidAt(ToolCreateParams, { ...tool, schema: [{ ...param, required: 'yes' }] }, 'schema.0.required');
  });

  it('rejects malformed headers and static fields', () => {
    expectInvalidAt(ToolCreateParams, { ...tool, headers: [{ name: '', value: 'x' }] }, 'headers.0.name');
    expectInvalidAt(ToolCreateParams, { ...tool, static_fields: [{ key: 'a' }] }, 'static_fields.0.value');
  });

  it('reads a created tool, keeps unknown fields and accepts an unknown type', () => {
    const data = {
      id: 1, name: 'lookup_order', description: 'x', type: 'mcp', endpoint: 'https://a.example', method: 'GET', body_format: 'json',
      timeout: 10, headers: [], static_fields: [], schema: [{ name: 'a', type: 'date', description: 'abc', required: false }],
      created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', folder_id: 2,
    };
    const parsed = ToolCreateResponse.parse({ message: 'Tool created', data });
    expect(parsed.data.type).toBe('mcp');
    expect(parsed.data.schema[0]?.type).toBe('date');
    expect(parsed.data.folder_id).toBe(2);
  });
});
