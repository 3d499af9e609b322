import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness();

const docStatus = async (id: number) => (await h.control('GET', `/documents/${id}`)).body.data.status;

describe('POST /user/knowledgebases/{id}/documents', () => {
  it('creates a website document processing, then completed in the background by the clock', async () => {
    const res = await h.client('primary').documents.create(11, { name: 'Docs site', type: 'website', url: 'https://docs.example.com' });
    expect(res.data).toMatchObject({ name: 'Docs site', type: 'website', status: 'processing', type_label: 'Website', status_label: 'Processing' });
    expect(await docStatus(res.data.id)).toBe('processing');
    await h.control('POST', '/clock/advance', { seconds: 5 });
    expect(await docStatus(res.data.id)).toBe('completed');
    const read = await h.api('GET', `/user/knowledgebases/11/documents/${res.data.id}`);
    expect(read.body.data).toMatchObject({ status: 'completed', status_label: 'Completed' });
  });

  it('accepts links instead of url, and a multipart file upload', async () => {
    const links = await h.client('primary').documents.create(12, {
      name: 'Links',
      type: 'website',
      links: [{ link: 'https://a.example.com' }, { link: 'https://b.example.com' }],
      relative_links_limit: 20,
    });
    expect(links.data.status).toBe('processing');
    const upload = await h.client('primary').documents.create(11, {
      name: 'Handbook',
      description: 'Staff handbook',
      type: 'pdf',
      file: new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'handbook.pdf', { type: 'application/pdf' }),
    });
    expect(upload.data).toMatchObject({ type: 'pdf', type_label: 'PDF', status: 'processing', description: 'Staff handbook' });
  });

  it('marks an empty uploaded file failed after processing', async () => {
    const form = new FormData();
    form.set('name', 'Empty');
    form.set('type', 'txt');
    form.set('file', new Blob([]), 'empty.txt');
    const res = await h.api('POST', '/user/knowledgebases/11/documents', { raw: form });
    expect(res.status).toBe(201);
    h.emu.clock.advance(5);
    expect(await docStatus(res.body.data.id)).toBe('failed');
  });

  it('answers {error:"Knowledgebase not found."} for unknown and foreign knowledgebases', async () => {
    for (const kb of [999, 21]) {
      const res = await h.api('POST', `/user/knowledgebases/${kb}/documents`, { body: { name: 'x', type: 'website', url: 'https://a.example' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Knowledgebase not found.' });
    }
  });

  it('answers {message, errors:{file}} when a file type has no file', async () => {
    const res = await h.api('POST', '/user/knowledgebases/11/documents', { body: { name: 'x', type: 'docx' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: ['The file field is required.'] });
  });

  it('validates name, type, url/links and relative_links_limit', async () => {
    const res = await h.api('POST', '/user/knowledgebases/11/documents', {
      body: { name: 'n'.repeat(256), type: 'website', relative_links_limit: 51 },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['links', 'name', 'relative_links_limit', 'url']);
    const badType = await h.api('POST', '/user/knowledgebases/11/documents', { body: { name: 'x', type: 'mp3' } });
    expect(badType.body.errors.type).toEqual(['The selected type is invalid.']);
  });

  it('refuses a file over 20 MB with a file error', async () => {
    const form = new FormData();
    form.set('name', 'Big');
    form.set('type', 'txt');
    form.set('file', new Blob([new Uint8Array(20 * 1024 * 1024 + 1)]), 'big.txt');
    const res = await h.api('POST', '/user/knowledgebases/11/documents', { raw: form });
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/20480 kilobytes/);
  });

  it('refuses a multipart body far beyond the limit with 413 JSON', async () => {
    const form = new FormData();
    form.set('name', 'Huge');
    form.set('type', 'txt');
    form.set('file', new Blob([new Uint8Array(23 * 1024 * 1024)]), 'huge.txt');
    const res = await h.api('POST', '/user/knowledgebases/11/documents', { raw: form });
    expect(res.status).toBe(413);
    expect(res.body.message).toBeTypeOf('string');
  });

  it('answers {error:"Failed to create document. Please try again."} when creation fails', async () => {
    await h.control('POST', '/faults', { documents: 'creation_failed' });
    const res = await h.api('POST', '/user/knowledgebases/11/documents', { body: { name: 'x', type: 'website', url: 'https://a.example' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Failed to create document. Please try again.' });
  });

  it('hides another account’s document from the read-back route', async () => {
    const res = await h.client('secondary').documents.create(21, { name: 'Mine', type: 'website', url: 'https://s.example' });
    const foreign = await h.api('GET', `/user/knowledgebases/21/documents/${res.data.id}`);
    expect(foreign.status).toBe(404);
  });
});

describe('POST /user/tools', () => {
  const tool = (name: string) => ({
    name,
    description: 'Look up an order by its number',
    endpoint: 'https://shop.example.com/orders/{order_id}?phone={{customer_phone}}',
    method: 'POST' as const,
    body_format: 'form' as const,
    timeout: 15,
    headers: [{ name: 'X-Api-Key', value: 'secret-{{call_id}}' }],
    static_fields: [{ key: 'source', value: 'voice' }],
    schema: [{ name: 'order_id', type: 'string' as const, description: 'The order number' }],
  });

  it('creates an http tool with defaults applied', async () => {
    const res = await h.client('primary').tools.create(tool('lookup_order'));
    expect(res.data).toMatchObject({
      name: 'lookup_order',
      type: 'http',
      method: 'POST',
      body_format: 'form',
      timeout: 15,
      schema: [{ name: 'order_id', type: 'string', description: 'The order number', required: false }],
    });
    const minimal = await h.api('POST', '/user/tools', {
      body: { name: '_min', description: 'Minimal tool', endpoint: 'https://a.example', method: 'GET' },
    });
    expect(minimal.status).toBe(201);
    expect(minimal.body.data).toMatchObject({ body_format: 'json', timeout: 10, headers: [], static_fields: [], schema: [] });
  });

  it('answers {message, errors:{name}} when the name breaks the rule', async () => {
    for (const name of ['1starts_with_digit', 'has-dash', 'x'.repeat(65)]) {
      const res = await h.api('POST', '/user/tools', { body: { ...tool(name) } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['name']);
    }
  });

  it('validates endpoint, timeout and schema parameters', async () => {
    const res = await h.api('POST', '/user/tools', {
      body: { ...tool('ok_name'), endpoint: 'not a url', timeout: 31, schema: [{ name: 'p', type: 'date', description: 'ab' }] },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['endpoint', 'schema.0.description', 'schema.0.type', 'timeout']);
    expect(res.body.errors.timeout).toEqual(['The timeout field must not be greater than 30.']);
  });

  it('answers {message} once the plan’s maximum number of tools is reached', async () => {
    // The secondary account's plan allows 2 mid-call tools.
    const client = h.client('secondary');
    await client.tools.create(tool('one'));
    await client.tools.create(tool('two'));
    const res = await h.api('POST', '/user/tools', { key: 'secondary', body: tool('three') });
    expect(res.status).toBe(403);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(res.body.message).toMatch(/upgrade/i);
    // Primary's own limit is independent.
    expect((await h.api('POST', '/user/tools', { body: tool('three') })).status).toBe(201);
  });
});
