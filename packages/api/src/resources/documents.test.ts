import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../core/errors.js';
import { jsonResponse } from '../core/fake-fetch.test-support.js';
import { toFile } from '../core/uploads.js';
import { bodies, testClient } from './fixtures.test-support.js';

const pdfBytes = new TextEncoder().encode('%PDF-1.7 test');

async function sentForm(file: unknown) {
  const { client, fetch } = testClient([jsonResponse(bodies.document)]);
  const result = await client.documents.create(12, { name: 'Guide', description: 'How to', type: 'pdf', file: file as File });
  expect(result).toEqual(bodies.document);
  const [request] = fetch.calls;
  expect(request?.url.pathname).toBe('/api/user/knowledgebases/12/documents');
  expect(request?.body).toBeInstanceOf(FormData);
  // fetch sets the multipart boundary itself, so the client must not set Content-Type.
  expect(request?.headers.has('content-type')).toBe(false);
  expect(request?.headers.get('authorization')).toBe('Bearer sk_test_key_1234');
  return request?.body as FormData;
}

async function partText(form: FormData, name: string): Promise<string> {
  return new TextDecoder().decode(await (form.get(name) as File).arrayBuffer());
}

describe('documents.create uploads', () => {
  it.each([
    ['a File', () => new File([pdfBytes], 'guide.pdf', { type: 'application/pdf' }), 'guide.pdf'],
    ['a Blob', () => new Blob([pdfBytes], { type: 'application/pdf' }), 'upload'],
    ['a Uint8Array', () => pdfBytes, 'upload'],
    ['a Buffer', () => Buffer.from(pdfBytes), 'upload'],
    ['an ArrayBuffer', () => pdfBytes.slice().buffer, 'upload'],
    ['a web ReadableStream', () => new Blob([pdfBytes]).stream(), 'upload'],
    ['a Node Readable', () => Object.assign(Readable.from([Buffer.from(pdfBytes)]), { path: '/srv/docs/manual.pdf' }), 'manual.pdf'],
  ])('sends %s as the multipart file part with the other fields as form fields', async (_kind, make, name) => {
    const form = await sentForm(make());
    expect(form.get('name')).toBe('Guide');
    expect(form.get('description')).toBe('How to');
    expect(form.get('type')).toBe('pdf');
    expect((form.get('file') as File).name).toBe(name);
    expect(await partText(form, 'file')).toBe('%PDF-1.7 test');
  });

  it('sends a file opened with fs.createReadStream, named after its path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'api-upload-'));
    try {
      const path = join(dir, 'handbook.pdf');
      await writeFile(path, pdfBytes);
      const form = await sentForm(createReadStream(path));
      expect((form.get('file') as File).name).toBe('handbook.pdf');
      expect(await partText(form, 'file')).toBe('%PDF-1.7 test');
      expect(form.get('type')).toBe('pdf');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('encodes the other fields of a file upload as Laravel form fields (arrays of objects indexed)', async () => {
    const { client, fetch } = testClient([jsonResponse(bodies.document)]);
    await client.documents.create(12, {
      name: 'Guide', type: 'pdf', file: pdfBytes, relative_links_limit: 5, links: [{ link: 'https://a.example/1' }],
    });
    const form = fetch.calls[0]?.body as FormData;
    expect(form.get('relative_links_limit')).toBe('5');
    expect(form.get('links[0][link]')).toBe('https://a.example/1');
    expect([...form.keys()].sort()).toEqual(['file', 'links[0][link]', 'name', 'relative_links_limit', 'type']);
  });

  it('sends a toFile result with its name and type', async () => {
    const form = await sentForm(await toFile(pdfBytes, 'notes.txt', 'text/plain'));
    const file = form.get('file') as File;
    expect(file.name).toBe('notes.txt');
    expect(file.type).toBe('text/plain');
  });

  it('sends a website document with links as JSON', async () => {
    const { client, fetch } = testClient([jsonResponse(bodies.document)]);
    await client.documents.create(12, { name: 'Site', type: 'website', links: [{ link: 'https://a.example/1' }, { link: 'https://a.example/2' }] });
    expect(fetch.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(fetch.calls[0]?.body as string)).toEqual({
      name: 'Site', type: 'website', links: [{ link: 'https://a.example/1' }, { link: 'https://a.example/2' }],
    });
  });

  it('rejects a file over 20 MB before sending, even from a stream', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    const { client, fetch } = testClient([jsonResponse(bodies.document)]);
    const fromBytes = await client.documents.create(1, { name: 'Big', type: 'pdf', file: big }).catch((e: unknown) => e);
    expect(fromBytes).toBeInstanceOf(RequestValidationError);
    expect((fromBytes as RequestValidationError).issues[0]).toMatchObject({ field: 'file', rule: 'too_big' });
    const stream = Readable.from([Buffer.from(big)]);
    const fromStream = await client.documents.create(1, { name: 'Big', type: 'pdf', file: stream }).catch((e: unknown) => e);
    expect(fromStream).toBeInstanceOf(RequestValidationError);
    expect(fetch.calls).toHaveLength(0);
  });
});
