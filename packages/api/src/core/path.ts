/**
 * The one path-parameter encoder: every `{param}` of a path template is filled through it, so user input never
 * reaches a URL by string concatenation.
 */
import { PlatformError } from './errors.js';

/** A value allowed in a path segment. */
export type PathParamValue = string | number | bigint;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Fills each `{name}` in `template` with `params[name]`, percent-encoded as a single path segment.
 *
 * @example
 * encodePath('/user/conversations/{uuid}/enable-ai', { uuid: 'a/b' }); // '/user/conversations/a%2Fb/enable-ai'
 */
export function encodePath(template: string, params: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
      throw new PlatformError(`Path parameter "${name}" is missing or not a string or number.`, { code: 'invalid_path_param' });
    }
    const text = String(value);
    // An empty segment, `.` or `..` would change which resource the path names.
    if (text === '' || text === '.' || text === '..') {
      throw new PlatformError(`Path parameter "${name}" must not be empty, "." or "..".`, { code: 'invalid_path_param' });
    }
    return encodeURIComponent(text);
  });
}

/** The `{param}` names a path template uses, in order. */
export function pathParamNames(template: string): string[] {
  return Array.from(template.matchAll(PLACEHOLDER), (m) => m[1] as string);
}
