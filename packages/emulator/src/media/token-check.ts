/**
 * Admission check of a realtime token, answered the way a LiveKit server answers it so that
 * livekit-client (and the web SDK above it) can tell an expired token from an invalid one.
 */
import { errors, jwtVerify } from 'jose';
import type { RealtimeTokenClaims } from './contract.js';

/** A refusal as LiveKit words it: HTTP status for the upgrade and the `/validate` body. */
export interface TokenRefusal {
  ok: false;
  status: 401 | 403 | 404;
  /** The plain-text body LiveKit sends on `/rtc/validate` (livekit-client surfaces it as the error message). */
  message: string;
}

export type TokenCheck = { ok: true; claims: RealtimeTokenClaims } | TokenRefusal;

/**
 * LiveKit's own phrasing (go-jose's messages behind "invalid token"), so callers that match on
 * "token is expired" behave as they do against a real server. The token itself is not echoed back.
 */
const EXPIRED = 'invalid token, error: go-jose/go-jose/jwt: validation failed, token is expired (exp)';
const NOT_YET = 'invalid token, error: go-jose/go-jose/jwt: validation failed, token not valid yet (nbf)';
const BAD_SIGNATURE = 'invalid token, error: go-jose/go-jose: error in cryptographic primitive';
const MALFORMED = 'invalid token, error: go-jose/go-jose: compact JWS format must have three parts';
const NO_TOKEN = 'no authorization token provided';
const NO_GRANT = 'permissions denied: token does not grant roomJoin';

/** Refusal for a well-formed token whose room cannot be joined (mirrors LiveKit's 404 wording). */
export function roomRefusal(reason: 'unknown_session' | 'ended'): TokenRefusal {
  return reason === 'unknown_session'
    ? { ok: false, status: 404, message: 'requested room does not exist' }
    : { ok: false, status: 403, message: 'permissions denied: the session has already ended' };
}

/** Refusal for a session whose token outlived the emulator's clock (same as an expired JWT). */
export function expiredRefusal(): TokenRefusal {
  return { ok: false, status: 401, message: EXPIRED };
}

/**
 * Verifies signature (HS256 only), expiry and not-before against `nowMs`, and that the token
 * grants joining a named room.
 */
export async function checkRealtimeToken(token: string | null, secret: string, nowMs: number): Promise<TokenCheck> {
  if (!token) return { ok: false, status: 401, message: NO_TOKEN };
  if (token.split('.').length !== 3) return { ok: false, status: 401, message: MALFORMED };
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      // LiveKit tolerates no skew either; the emulator clock is the only clock.
      clockTolerance: 0,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) return expiredRefusal();
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') {
      return { ok: false, status: 401, message: NOT_YET };
    }
    if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
      return { ok: false, status: 401, message: MALFORMED };
    }
    return { ok: false, status: 401, message: BAD_SIGNATURE };
  }
  const claims = payload as Partial<RealtimeTokenClaims>;
  if (typeof claims.sub !== 'string' || !claims.sub || typeof claims.exp !== 'number') {
    return { ok: false, status: 401, message: 'invalid token, error: token has no identity or expiry' };
  }
  const video = claims.video;
  if (!video || typeof video.room !== 'string' || !video.room || video.roomJoin !== true) {
    return { ok: false, status: 401, message: NO_GRANT };
  }
  return { ok: true, claims: claims as RealtimeTokenClaims };
}
