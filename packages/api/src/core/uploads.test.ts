import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PlatformError } from './errors.js';
import { flattenFields } from './form-fields.js';
import { toFormData } from './multipart.js';
import { hasUpload, isUploadable, materializeUploads, toFile } from './uploads.js';

const bytes = new Uint8Array([104, 105, 33]); // "hi!"

async function textOf(file: File): Promise<string> {
  return new TextDecoder().decode(await file.arrayBuffer());
}

describe('toFile', () => {
  it('turns a Uint8Array into a named, typed File', async () => {
    const file = await toFile(bytes, 'a.txt', 'text/plain');
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('a.txt');
    expect(file.type).toBe('text/plain');
    expect(await textOf(file)).toBe('hi!');
  });

  it('accepts a Buffer', async () => {
    const file = await toFile(Buffer.from('buffer!'), 'b.txt');
    expect(await textOf(file)).toBe('buffer!');
  });

  it('accepts an ArrayBuffer', async () => {
    const file = await toFile(bytes.slice().buffer, 'c.bin');
    expect(file.size).toBe(3);
  });

  it('accepts a Blob and keeps its type unless overridden', async () => {
    const blob = new Blob(['blob!'], { type: 'text/markdown' });
    expect((await toFile(blob, 'd.md')).type).toBe('text/markdown');
    expect((await toFile(blob, 'd.md', 'text/plain')).type).toBe('text/plain');
  });

  it('returns a File as is when nothing is renamed, and renames it otherwise', async () => {
    const original = new File(['file!'], 'orig.pdf', { type: 'application/pdf' });
    expect(await toFile(original)).toBe(original);
    const renamed = await toFile(original, 'new.pdf');
    expect(renamed.name).toBe('new.pdf');
    expect(await textOf(renamed)).toBe('file!');
  });

  it('reads a web ReadableStream to the end', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('web '));
        controller.enqueue(new TextEncoder().encode('stream'));
        controller.close();
      },
    });
    expect(await textOf(await toFile(stream, 'e.txt'))).toBe('web stream');
  });

  it('reads a Node Readable to the end and names the file after its path', async () => {
    const readable = Object.assign(Readable.from([Buffer.from('node '), Buffer.from('stream')]), { path: '/tmp/dir/guide.txt' });
    const file = await toFile(readable);
    expect(file.name).toBe('guide.txt');
    expect(await textOf(file)).toBe('node stream');
  });

  it('rejects an input it cannot read', async () => {
    await expect(toFile(42 as never, 'x')).rejects.toBeInstanceOf(PlatformError);
  });
});

describe('upload detection', () => {
  it('recognises every accepted input kind and nothing else', () => {
    for (const input of [bytes, bytes.buffer, new Blob(['x']), new ReadableStream(), Readable.from([])]) {
      expect(isUploadable(input)).toBe(true);
    }
    for (const input of ['text', 1, null, {}, [1, 2]]) expect(isUploadable(input)).toBe(false);
    expect(hasUpload({ name: 'x', file: bytes })).toBe(true);
    expect(hasUpload({ name: 'x', url: 'https://a.example' })).toBe(false);
  });

  it('materialises streams into Files and leaves other fields alone', async () => {
    const out = await materializeUploads({ name: 'doc', file: Readable.from([Buffer.from('abc')]) });
    expect(out.name).toBe('doc');
    expect(out.file).toBeInstanceOf(File);
    expect((out.file as unknown as File).size).toBe(3);
  });
});

describe('multipart encoding', () => {
  it('sends the file as a file part and other fields as form fields', async () => {
    const form = await toFormData({ name: 'Guide', type: 'pdf', relative_links_limit: 5, file: await toFile(bytes, 'g.pdf', 'application/pdf') });
    expect(form.get('name')).toBe('Guide');
    expect(form.get('type')).toBe('pdf');
    expect(form.get('relative_links_limit')).toBe('5');
    const file = form.get('file') as File;
    expect(file.name).toBe('g.pdf');
    expect(file.type).toBe('application/pdf');
    expect(await textOf(file)).toBe('hi!');
  });

  it('encodes arrays of objects with Laravel keys (links[0][link]) and booleans as 1/0', async () => {
    const form = await toFormData({
      links: [{ link: 'https://a.example/1' }, { link: 'https://a.example/2' }],
      flag: true,
      off: false,
      skip: undefined,
    });
    expect([...form.entries()]).toEqual([
      ['links[0][link]', 'https://a.example/1'],
      ['links[1][link]', 'https://a.example/2'],
      ['flag', '1'],
      ['off', '0'],
    ]);
  });

  it('flattens nested objects and scalar arrays', () => {
    expect([...flattenFields('meta', { a: { b: 1 }, list: ['x', 'y'] })]).toEqual([
      ['meta[a][b]', '1'],
      ['meta[list][0]', 'x'],
      ['meta[list][1]', 'y'],
    ]);
    expect([...flattenFields('tags', ['x', { k: 'v' }], 'brackets')]).toEqual([
      ['tags[]', 'x'],
      ['tags[1][k]', 'v'],
    ]);
  });
});
