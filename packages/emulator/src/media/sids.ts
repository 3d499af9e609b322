/**
 * LiveKit-style server ids (`RM_…`, `PA_…`, `TR_…`, `SG_…`, `AJ_…`).
 * They only need to be unique within a process and opaque to the browser; they never reach the
 * emulator's recorded state, so they come from the OS random source rather than the seeded one.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new id with LiveKit's prefix convention and 12 base62 characters. */
export function newSid(prefix: 'RM' | 'PA' | 'TR' | 'SG' | 'AJ' | 'TS'): string {
  const bytes = randomBytes(12);
  let out = `${prefix}_`;
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}
