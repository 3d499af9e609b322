import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_FILE_BYTES, DocumentCreateParams, DocumentCreatePathParams, DocumentCreateResponse } from './documents.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

const website = { name: 'Help centre', type: 'website', url: 'https://example.com/help' };

describe('document schemas', () => {
  it('accepts a website document by url or by links and applies the default link limit', () => {
    expect(expectValid(DocumentCreateParams, website).relative_links_limit).toBe(10);
    expectValid(DocumentCreateParams, { name: 'Docs', type: 'website', links: [{ link: 'https://a.example' }, { link: 'https://b.example' }] });
    expectValid(DocumentCreateParams, { ...website, description: 'd'.repeat(255), relative_links_limit: 50 });
  });

  it('requires url or links for a website document, naming both fields', () => {
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'website' }, 'url', /url or links/);
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'website' }, 'links', /url or links/);
  });

  it('rejects invalid link URLs, empty link lists and a file on a website document', () => {
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'website', links: [{ link: 'nope' }] }, 'links.0.link', /URL/);
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'website', links: [] }, 'links', /at least one/);
    expectInvalidAt(DocumentCreateParams, { ...website, url: 'not a url' }, 'url', /URL/);
    expectInvalidAt(DocumentCreateParams, { ...website, file: new Blob(['x']) }, 'file');
  });

  it('enforces name, description, type and relative_links_limit rules', () => {
    expectInvalidAt(DocumentCreateParams, { ...website, name: 'n'.repeat(256) }, 'name', /255/);
    expectInvalidAt(DocumentCreateParams, { type: 'website', url: 'https://a.example' }, 'name', /required/);
    expectInvalidAt(DocumentCreateParams, { ...website, description: 'd'.repeat(256) }, 'description', /255/);
    expectInvalidAt(DocumentCreateParams, { ...website, type: 'html' }, 'type', /website, pdf, txt, docx/);
    expectInvalidAt(DocumentCreateParams, { ...website, relative_links_limit: 0 }, 'relative_links_limit', /at least 1/);
    expectInvalidAt(DocumentCreateParams, { ...website, relative_links_limit: 51 }, 'relative_links_limit', /50/);
    expectInvalidAt(DocumentCreateParams, { ...website, relative_links_limit: 2.5 }, 'relative_links_limit', /integer/);
  });

  it('reads relative_links_limit from a multipart form string', () => {
    expect(expectValid(DocumentCreateParams, { ...website, relative_links_limit: '25' }).relative_links_limit).toBe(25);
  });

  it('requires a file for pdf, txt and docx documents', () => {
    for (const type of ['pdf', 'txt', 'docx']) {
      expectInvalidAt(DocumentCreateParams, { name: 'x', type }, 'file', new RegExp(`required for ${type}`));
    }
  });

  it('accepts every upload kind: Blob, File, Uint8Array, Buffer, ArrayBuffer, web and Node streams', () => {
    const files: unknown[] = [
      new Blob(['hello']), new File(['hello'], 'a.txt', { type: 'text/plain' }), new Uint8Array([1, 2]),
      Buffer.from('hi'), new ArrayBuffer(4), new ReadableStream<Uint8Array>(), Readable.from(['x']),
    ];
    for (const file of files) expectValid(DocumentCreateParams, { name: 'x', type: 'txt', file });
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'txt', file: 'path/to/file.txt' }, 'file', /File, Blob/);
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'txt', file: { name: 'x' } }, 'file', /File, Blob/);
  });

  it('rejects files over 20 MB where the size is known and accepts exactly 20 MB', () => {
    expectValid(DocumentCreateParams, { name: 'x', type: 'pdf', file: new Uint8Array(DOCUMENT_MAX_FILE_BYTES) });
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'pdf', file: new Uint8Array(DOCUMENT_MAX_FILE_BYTES + 1) }, 'file', /20 MB/);
    expectInvalidAt(DocumentCreateParams, { name: 'x', type: 'pdf', file: new Blob([new Uint8Array(DOCUMENT_MAX_FILE_BYTES + 1)]) }, 'file', /20 MB/);
  });

  it('reads the knowledgebase id path parameter as a positive integer', () => {
    expect(DocumentCreatePathParams.parse({ knowledgebaseId: '12' }).knowledgebaseId).toBe(12);
    expectInvalidAt(DocumentCreatePathParams, { knowledgebaseId: 'abc' }, 'knowledgebaseId');
    expectInvalidAt(DocumentCreatePathParams, { knowledgebaseId: 0 }, 'knowledgebaseId');
  });

  it('reads a processing document and accepts an unknown status or type', () => {
    const doc = { id: 3, name: 'Help', type: 'website', type_label: 'Website', status: 'processing', status_label: 'Processing', created_at: '2026-01-01T00:00:00Z' };
    expect(DocumentCreateResponse.parse({ message: 'ok', data: doc }).data.status).toBe('processing');
    const later = DocumentCreateResponse.parse({ message: 'ok', data: { ...doc, status: 'indexed', type: 'csv', chunks: 4 } });
    expect(later.data.status).toBe('indexed');
    expect(later.data.chunks).toBe(4);
  });
});
