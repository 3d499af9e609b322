/**
 * Credential masking: values under credential-bearing keys of a definition are replaced by a fixed
 * marker unless the caller asks for them unmasked.
 */

/** The fixed marker that stands in for a credential value. */
export const MASK_MARKER = '********';

const CREDENTIAL_KEY = /(authorization|token|secret|password|passwd|api[_-]?key|credential|private[_-]?key)/i;

/** A deep copy of `value` with every non-empty credential value replaced by {@link MASK_MARKER}. */
export function maskCredentials<T>(value: T): T {
  return maskValue(value, false) as T;
}

function maskValue(value: unknown, underCredentialKey: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => maskValue(v, underCredentialKey));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, underCredentialKey || CREDENTIAL_KEY.test(k))]));
  }
  if (underCredentialKey && (typeof value === 'string' ? value.length > 0 : typeof value === 'number')) return MASK_MARKER;
  return value;
}
