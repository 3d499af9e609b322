/** Every SDK error code as a sentence a visitor can act on. */
import type { VoiceSessionError, VoiceSessionErrorCode } from '@voice-session/web';

const SENTENCES: Record<VoiceSessionErrorCode, string> = {
  MIC_PERMISSION_DENIED: 'The browser may not use your microphone. Allow it in the address bar, then press Talk again.',
  MIC_NOT_FOUND: 'No microphone was found. Plug one in, then press Talk again.',
  MIC_IN_USE: 'Your microphone is busy in another app. Close that app, then press Talk again.',
  TOKEN_INVALID: 'The session could not be authorised. Reload the page and try again.',
  TOKEN_EXPIRED: 'The session expired before it started. Press Talk to get a new one.',
  TOKEN_ENDPOINT_FAILED: 'The assistant is not available right now. Please try again in a moment.',
  AGENT_JOIN_TIMEOUT: 'The assistant did not join in time. Press Talk to try again.',
  AGENT_ERROR: 'The assistant ran into a problem and left the call.',
  NETWORK: 'The connection was lost. Check your network, then press Talk again.',
  UNSUPPORTED_BROWSER: 'This browser cannot make voice calls. Try a recent Chrome, Edge, Firefox or Safari over https.',
  NOT_CONNECTED: 'Start a conversation first.',
  DEVICE_ERROR: 'That audio device could not be used. Pick another one.',
  ABORTED: 'The call was cancelled.',
};

/** A human sentence for an SDK error; an unknown code falls back to the SDK's message. */
export function errorText(error: VoiceSessionError): string {
  return SENTENCES[error.code] ?? error.message;
}
