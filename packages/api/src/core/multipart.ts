/**
 * Multipart encoding: file inputs become file parts; every other field becomes a form field under the bracketed keys
 * a Laravel backend reads (`links[0][link]=…`).
 */
import { flattenFields } from './form-fields.js';
import { isUploadable, toFile } from './uploads.js';

/**
 * Builds a `FormData` from a flat-or-nested body object.
 *
 * @example
 * await toFormData({ name: 'Guide', type: 'pdf', file: bytes }); // FormData with name, type and a `file` part
 */
export async function toFormData(body: Readonly<Record<string, unknown>>): Promise<FormData> {
  const form = new FormData();
  for (const [key, raw] of Object.entries(body)) {
    const value = isUploadable(raw) ? await toFile(raw) : raw;
    for (const [name, leaf] of flattenFields(key, value)) {
      if (typeof leaf === 'string') form.append(name, leaf);
      else form.append(name, leaf, leaf instanceof File ? leaf.name : 'upload');
    }
  }
  return form;
}
