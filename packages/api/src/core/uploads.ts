/**
 * File inputs for multipart uploads: everything a caller may hold (File, Blob, bytes, web or Node streams) becomes a
 * `File`, so the transport only ever appends `File` parts.
 *
 * No `node:` import here: Node `Readable` streams are recognised by shape (`pipe` plus async iteration), which keeps
 * the module loadable in any runtime.
 */
import { PlatformError } from './errors.js';

/** A Node `Readable`, recognised by shape. */
export interface NodeReadableLike extends AsyncIterable<unknown> {
  pipe: (...args: never[]) => unknown;
  /** Node read streams carry the path they read from; it names the file when no name is given. */
  path?: string | Buffer | URL;
}

/** Every input accepted as a file. */
export type Uploadable = File | Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | NodeReadableLike;

/** Anything `toFile` can turn into a `File`. */
export type ToFileInput = Uploadable | string;

/** True when `value` is one of the accepted file inputs. */
export function isUploadable(value: unknown): value is Uploadable {
  if (typeof value !== 'object' || value === null) return false;
  return (
    (typeof Blob !== 'undefined' && value instanceof Blob) ||
    value instanceof Uint8Array ||
    value instanceof ArrayBuffer ||
    isWebReadableStream(value) ||
    isNodeReadable(value)
  );
}

function isWebReadableStream(value: object): value is ReadableStream<Uint8Array> {
  return typeof (value as { getReader?: unknown }).getReader === 'function';
}

function isNodeReadable(value: object): value is NodeReadableLike {
  return typeof (value as { pipe?: unknown }).pipe === 'function' && Symbol.asyncIterator in value;
}

/**
 * Turns `data` into a `File` named `name` with MIME `type`, reading streams to the end.
 *
 * @example
 * const file = await toFile(fs.createReadStream('guide.pdf'), 'guide.pdf', 'application/pdf');
 * await client.documents.create(12, { name: 'Guide', type: 'pdf', file });
 */
export async function toFile(data: ToFileInput | PromiseLike<ToFileInput>, name?: string, type?: string): Promise<File> {
  const value = await data;
  const fileName = name ?? nameOf(value) ?? 'upload';
  if (typeof File !== 'undefined' && value instanceof File && name === undefined && type === undefined) return value;
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    return new File([value], fileName, { type: type ?? value.type, ...(value instanceof File ? { lastModified: value.lastModified } : {}) });
  }
  const parts = await bytesOf(value);
  return new File(parts, fileName, type === undefined ? {} : { type });
}

async function bytesOf(value: ToFileInput): Promise<BlobPart[]> {
  if (typeof value === 'string') return [value];
  if (value instanceof Uint8Array) return [value as Uint8Array<ArrayBuffer>];
  if (value instanceof ArrayBuffer) return [value];
  if (typeof value === 'object' && value !== null) {
    if (isWebReadableStream(value)) return readAll(iterateWebStream(value));
    if (Symbol.asyncIterator in value) return readAll(value as AsyncIterable<unknown>);
  }
  throw new PlatformError(`Unsupported file input: ${describe(value)}. Pass a File, Blob, Uint8Array, ArrayBuffer or stream.`, {
    code: 'invalid_file',
  });
}

async function readAll(source: AsyncIterable<unknown>): Promise<BlobPart[]> {
  const parts: BlobPart[] = [];
  for await (const chunk of source) {
    if (typeof chunk === 'string') parts.push(chunk);
    else if (chunk instanceof Uint8Array) parts.push(chunk as Uint8Array<ArrayBuffer>);
    else if (chunk instanceof ArrayBuffer) parts.push(chunk);
    else throw new PlatformError(`Unsupported stream chunk: ${describe(chunk)}.`, { code: 'invalid_file' });
  }
  return parts;
}

async function* iterateWebStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function nameOf(value: unknown): string | undefined {
  if (typeof File !== 'undefined' && value instanceof File && value.name) return value.name;
  const path = (value as { path?: unknown } | null)?.path;
  if (typeof path === 'string' && path !== '') return path.split(/[\\/]/).pop();
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return (value as object).constructor?.name ?? 'object';
}

/**
 * Returns a copy of `body` whose top-level file inputs are `File`s, so rules such as a size limit can be checked on
 * every input kind before sending. Returns `body` unchanged when it holds no file.
 */
export async function materializeUploads<T>(body: T): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const entries = Object.entries(body as Record<string, unknown>);
  if (!entries.some(([, v]) => isUploadable(v) && !(typeof File !== 'undefined' && v instanceof File))) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) out[key] = isUploadable(value) ? await toFile(value) : value;
  return out as T;
}

/** True when a top-level field of `body` is a file input, meaning the body must travel as multipart. */
export function hasUpload(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return Object.values(body).some(isUploadable);
}
