/**
 * Flattens nested values into the bracketed keys a Laravel backend reads from a query string or a multipart form:
 * `links[0][link]=…`, `tags[]=…`, `meta[key]=…`.
 */

/** A leaf value of a flattened form: a string, or a file part for multipart bodies. */
export type FormLeaf = string | Blob;

/**
 * Yields `[key, value]` pairs for `value` under `key`; `undefined` is skipped, `null` becomes an empty string (Laravel
 * turns empty strings into null), booleans become `1`/`0` (the only spellings Laravel's `boolean` rule accepts).
 *
 * @example
 * [...flattenFields('links', [{ link: 'https://a.example' }])]; // [['links[0][link]', 'https://a.example']]
 */
export function* flattenFields(key: string, value: unknown, arrayStyle: 'indexed' | 'brackets' = 'indexed'): Generator<[string, FormLeaf]> {
  if (value === undefined) return;
  if (value === null) {
    yield [key, ''];
  } else if (typeof value === 'boolean') {
    yield [key, value ? '1' : '0'];
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    yield [key, String(value)];
  } else if (value instanceof Date) {
    yield [key, value.toISOString()];
  } else if (typeof Blob !== 'undefined' && value instanceof Blob) {
    yield [key, value];
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      // Objects inside arrays always need their index, or Laravel would merge their keys into one element.
      const indexed = arrayStyle === 'indexed' || (typeof item === 'object' && item !== null);
      yield* flattenFields(indexed ? `${key}[${index}]` : `${key}[]`, item, arrayStyle);
    }
  } else if (typeof value === 'object') {
    for (const [child, item] of Object.entries(value)) yield* flattenFields(`${key}[${child}]`, item, arrayStyle);
  } else {
    yield [key, String(value)];
  }
}
