export { VoiceSession } from './voice-session.js';
export type { VoiceSessionOptions, VoiceSessionTuning, StartOptions } from './voice-session.js';
export { VoiceSessionError } from './errors.js';
export type { VoiceSessionErrorCode, VoiceSessionErrorOptions } from './errors.js';
export type {
  VoiceSessionEvents,
  TranscriptEntry,
  TranscriptRole,
  AgentState,
  ConnectionState,
  EndReason,
} from './events.js';
export type { SessionCredentials, TokenEndpointOptions } from './token-source.js';
export type { ToolHandler, ToolContext } from './tool-registry.js';
export type { AudioDevice } from './devices.js';
export type { SupportReport } from './support.js';
