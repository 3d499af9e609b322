import type { VoiceSessionError } from './errors.js';

/** Who spoke a transcript segment. */
export type TranscriptRole = 'user' | 'assistant';

/** One transcript segment, updated in place (same `id`) until `final` is true. */
export interface TranscriptEntry {
  /** The segment id (`lk.segment_id`); stable across updates of the same segment. */
  readonly id: string;
  readonly role: TranscriptRole;
  /** The full text of the segment so far, never a delta. */
  readonly text: string;
  readonly final: boolean;
}

/** What the assistant is doing, from the agent's `lk.agent.state` attribute. */
export type AgentState = 'initializing' | 'listening' | 'thinking' | 'speaking' | 'idle';

/** The session's connection to the media server. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** Why a session ended: the user stopped it, the agent left, the server ended it, the token expired, or an error. */
export type EndReason = 'user' | 'agent' | 'server' | 'expired' | 'error';

/**
 * Every event a {@link VoiceSession} emits, keyed by name, with its listener signature.
 *
 * @example
 * session.on('transcript', (entry) => render(entry));
 * session.on('error', (error) => console.warn(error.code, error.message));
 */
export interface VoiceSessionEvents {
  /** A transcript segment was created or grew; replace the entry with the same `id`. */
  transcript: (entry: TranscriptEntry) => void;
  /** The assistant's state changed. */
  agent_state: (state: AgentState) => void;
  /** The connection state changed. */
  connection_state: (state: ConnectionState) => void;
  /** The browser blocked audio playback; call `startAudio()` from a user gesture. */
  audio_blocked: () => void;
  /** Audio playback is allowed again. */
  audio_unblocked: () => void;
  /** The microphone was muted or unmuted. */
  mic_muted: (muted: boolean) => void;
  /** The microphone delivers only silence (wrong device, hardware switch, OS-level mute). */
  mic_silent: () => void;
  /** Microphone level 0–1, at most once per `levelIntervalMs`. */
  input_level: (level: number) => void;
  /** Assistant audio level 0–1, at most once per `levelIntervalMs`. */
  output_level: (level: number) => void;
  /** The session ended; emitted once for every `start()` that left the idle state. */
  ended: (info: { reason: EndReason }) => void;
  /** Something failed; `recoverable` says whether trying again may succeed. */
  error: (error: VoiceSessionError) => void;
}
