import { z } from 'zod';
import { HttpUrl, IntegerId, IsoTimestamp, openEnum, wireInteger } from './common.js';

/** Document types: `website` is scraped from URLs, the others are extracted from an uploaded file. */
export const DOCUMENT_TYPES = ['website', 'pdf', 'txt', 'docx'] as const;

/** Largest document file the platform accepts: 20 MB. */
export const DOCUMENT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Minimal structural view of a Node.js readable stream (checked by duck typing, so no Node import). */
export interface NodeReadableLike {
  pipe: (...args: never[]) => unknown;
}

/** Every input the `file` field accepts. */
export type DocumentFileInput = Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | NodeReadableLike;

/**
 * The size of an upload when it is knowable without reading it, else `undefined` (streams).
 */
export function knownUploadSize(input: unknown): number | undefined {
  if (typeof Blob !== 'undefined' && input instanceof Blob) return input.size;
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) return input.byteLength;
  return undefined;
}

function isUploadInput(input: unknown): input is DocumentFileInput {
  if (typeof Blob !== 'undefined' && input instanceof Blob) return true;
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) return true;
  if (typeof ReadableStream !== 'undefined' && input instanceof ReadableStream) return true;
  return typeof input === 'object' && input !== null && typeof (input as { pipe?: unknown }).pipe === 'function';
}

/** A file to upload: Blob/File, Uint8Array/Buffer, ArrayBuffer, web ReadableStream or Node Readable, ≤ 20 MB. */
export const DocumentFile = z.custom<DocumentFileInput>(isUploadInput, {
  message: 'The file must be a File, Blob, Uint8Array, ArrayBuffer, ReadableStream or Node readable stream.',
}).check((ctx) => {
  const size = knownUploadSize(ctx.value);
  if (size !== undefined && size > DOCUMENT_MAX_FILE_BYTES) {
    ctx.issues.push({
      code: 'too_big', origin: 'file', maximum: DOCUMENT_MAX_FILE_BYTES, inclusive: true, input: ctx.value,
      message: 'The file must not be greater than 20 MB (20480 kilobytes).',
    });
  }
}).meta({ description: 'Binary file, at most 20 MB.', format: 'binary', type: 'string' });

/** Path parameters of `POST /user/knowledgebases/{knowledgebaseId}/documents`. */
export const DocumentCreatePathParams = z.strictObject({ knowledgebaseId: wireInteger().pipe(IntegerId) });
export type DocumentCreatePathParams = z.input<typeof DocumentCreatePathParams>;

/**
 * Body of `POST /user/knowledgebases/{knowledgebaseId}/documents`. Website documents need `url` or `links`;
 * pdf/txt/docx documents need `file` (and are sent as multipart/form-data).
 */
export const DocumentCreateParams = z.strictObject({
  name: z.string({ message: 'The name is required and must be a string.' })
    .min(1, { message: 'The name must not be empty.' })
    .max(255, { message: 'The name must not be greater than 255 characters.' }),
  description: z.string().max(255, { message: 'The description must not be greater than 255 characters.' }).optional(),
  type: z.enum(DOCUMENT_TYPES, { message: 'The type must be one of website, pdf, txt, docx.' }),
  url: HttpUrl.optional(),
  links: z.array(z.strictObject({ link: HttpUrl })).min(1, { message: 'links must contain at least one link.' }).optional(),
  relative_links_limit: wireInteger().int({ message: 'relative_links_limit must be an integer.' })
    .min(1, { message: 'relative_links_limit must be at least 1.' })
    .max(50, { message: 'relative_links_limit must not be greater than 50.' }).default(10),
  file: DocumentFile.optional(),
}).superRefine((value, ctx) => {
  // Runs even when fields failed their own rules; an unknown type already has its own issue.
  if (value.type === 'website') {
    if (value.url === undefined && value.links === undefined) {
      for (const field of ['url', 'links'] as const) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'Website documents need url or links.' });
      }
    }
    if (value.file !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['file'], message: 'Website documents take url or links, not a file.' });
    }
  } else if ((DOCUMENT_TYPES as readonly unknown[]).includes(value.type) && value.file === undefined) {
    ctx.addIssue({ code: 'custom', path: ['file'], message: `The file is required for ${value.type} documents.` });
  }
});
export type DocumentCreateParams = z.input<typeof DocumentCreateParams>;

/** A knowledgebase document. */
export const Document = z.looseObject({
  id: z.int(),
  name: z.string(),
  description: z.string().optional(),
  type: openEnum(DOCUMENT_TYPES),
  type_label: z.string(),
  status: openEnum(['processing']),
  status_label: z.string(),
  created_at: IsoTimestamp,
});
export type Document = z.infer<typeof Document>;

/** Response of `POST /user/knowledgebases/{knowledgebaseId}/documents` (status `processing`). */
export const DocumentCreateResponse = z.looseObject({
  message: z.string(),
  data: Document,
});
export type DocumentCreateResponse = z.infer<typeof DocumentCreateResponse>;
