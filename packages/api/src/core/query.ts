/**
 * Query-string serialisation: one place decides how values are spelled in a URL.
 */
import { flattenFields } from './form-fields.js';

/**
 * Serialises a query object for a Laravel backend: `undefined`/`null` entries are left out, booleans are `1`/`0`,
 * arrays are `key[]=a&key[]=b`, objects `key[sub]=v`. Returns `''` or a string starting with `?`.
 *
 * @example
 * serializeQuery({ status: 'all', unmask: true }); // '?status=all&unmask=1'
 */
export function serializeQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // A null filter means "no filter" in a query; sending `key=` would filter on the empty string.
    if (value === null) continue;
    for (const [name, leaf] of flattenFields(key, value, 'brackets')) {
      if (typeof leaf === 'string') search.append(name, leaf);
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
