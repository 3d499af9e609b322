// Turns what browsers and livekit-client throw into VoiceSessionError codes. Matching is by error
// name, status and numeric reason (not instanceof), so this module needs no livekit import.
import { VoiceSessionError } from './errors.js';
import type { EndReason } from './events.js';

/** Maps a getUserMedia failure (a DOMException, by name) to a microphone error. */
export function toMicrophoneError(cause: unknown): VoiceSessionError {
  const name = String((cause as { name?: unknown } | undefined)?.name);
  return /Allowed|Secur|Denied/.test(name)
    ? new VoiceSessionError('MIC_PERMISSION_DENIED', 'Microphone access denied.', { cause })
    : /Readable|TrackStart|Abort/.test(name)
      ? new VoiceSessionError('MIC_IN_USE', 'Microphone in use by another app.', { cause })
      : // NotFoundError, OverconstrainedError (a vanished device) and anything unknown: no usable microphone.
        new VoiceSessionError('MIC_NOT_FOUND', 'No usable microphone.', { cause });
}

/** Maps a failed `room.connect()`; livekit's ConnectionError carries the validate endpoint's status and body. */
export function toConnectError(cause: unknown, canRefresh: boolean): VoiceSessionError {
  const { status, message } = (cause ?? {}) as { status?: number; message?: string };
  if (status === 401 || status === 403) {
    return /expired/i.test(String(message))
      ? new VoiceSessionError('TOKEN_EXPIRED', 'Session token expired.', { cause, status, recoverable: canRefresh })
      : new VoiceSessionError('TOKEN_INVALID', 'Session token refused.', { cause, status });
  }
  return new VoiceSessionError('NETWORK', 'Cannot reach the media server.', { cause, status });
}

/** The AGENT_ERROR error (livekit DisconnectReason.AGENT_ERROR). */
export const agentError = (): VoiceSessionError =>
  new VoiceSessionError('AGENT_ERROR', 'The assistant failed.');

// livekit DisconnectReason values: who ended the room decides the `ended` reason.
// 2 DUPLICATE_IDENTITY, 3 SERVER_SHUTDOWN, 4 PARTICIPANT_REMOVED, 5 ROOM_DELETED, 10 ROOM_CLOSED,
// 11 USER_UNAVAILABLE, 12 USER_REJECTED, 13 SIP_TRUNK_FAILURE.
const SERVER_ENDED = [2, 3, 4, 5, 10, 11, 12, 13];
/** livekit DisconnectReason.AGENT_ERROR. */
export const AGENT_ERROR_REASON = 16;

/** How a livekit disconnect maps to `ended`, with the error to report when it was a failure. */
export function toDisconnectOutcome(reason: number | undefined): { reason: EndReason; error?: VoiceSessionError } {
  if (reason === 1) return { reason: 'user' }; // CLIENT_INITIATED
  if (SERVER_ENDED.includes(reason!)) return { reason: 'server' };
  return {
    reason: 'error',
    error:
      reason === AGENT_ERROR_REASON
        ? agentError()
        : new VoiceSessionError('NETWORK', 'Connection lost.', { cause: reason }),
  };
}
