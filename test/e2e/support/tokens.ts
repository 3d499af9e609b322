/** Realtime tokens minted the way the emulator mints them (HS256, LiveKit access-token claims). */
import { SignJWT } from 'jose';
import type { RealtimeTokenClaims } from '@voice-session/emulator';

export interface MintOptions {
  secret: string;
  room: string;
  identity?: string;
  /** Seconds from `nowMs` (negative for an already expired token). */
  ttlSeconds?: number;
  nowMs?: number;
  metadata?: Record<string, unknown>;
}

/** Sign a realtime token for `room`. */
export async function mintRealtimeToken(options: MintOptions): Promise<string> {
  const now = Math.floor((options.nowMs ?? Date.now()) / 1000);
  const claims: Omit<RealtimeTokenClaims, 'sub' | 'iss' | 'exp' | 'nbf'> = {
    name: 'Test user',
    video: { room: options.room, roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true },
    metadata: JSON.stringify(options.metadata ?? { assistant_id: 'test-assistant', variables: {} }),
  };
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.identity ?? `user-${options.room}`)
    .setIssuer('emulator')
    .setNotBefore(now - 60)
    .setExpirationTime(now + (options.ttlSeconds ?? 900))
    .sign(new TextEncoder().encode(options.secret));
}
