/**
 * The contract between the media endpoint (src/media) and the demo voice agent (src/agent).
 * The media side owns WebRTC, signalling and data packets; the agent side owns speech and dialogue.
 * Neither imports the other's internals: media creates one `AgentIO` per room and hands it to
 * `createAgent()`; the agent calls back through it.
 */

/** 48 kHz mono signed 16-bit PCM; media delivers and accepts 10 ms frames (480 samples). */
export type PcmFrame = Int16Array;

export const AGENT_SAMPLE_RATE = 48_000;
export const AGENT_FRAME_SAMPLES = 480;

/** The values of the agent participant's `lk.agent.state` attribute. */
export type AgentState = 'initializing' | 'idle' | 'listening' | 'thinking' | 'speaking';

/** One transcript update as LiveKit Agents publishes it on the `lk.transcription` topic. */
export interface TranscriptUpdate {
  /** `SG_…`: stable across the deltas of one segment. */
  segmentId: string;
  /** Agent speech: the delta text since the previous update of the segment. User speech: the full text so far. */
  text: string;
  final: boolean;
}

/** What the agent can do to the room. Implemented by src/media. */
export interface AgentIO {
  /** The realtime session id (= room name). */
  readonly sessionId: string;
  /** Assistant and variables from the realtime token's metadata. */
  readonly metadata: Record<string, unknown>;
  /** Queue one outbound audio frame on the agent's `roomio_audio` track; media paces playback in real time. */
  pushAudio(frame: PcmFrame): void;
  /** Drop every queued outbound frame at once (barge-in). */
  clearAudio(): void;
  /** Milliseconds of outbound audio queued and not yet played. */
  queuedAudioMs(): number;
  /** Set the `lk.agent.state` attribute of the agent participant. */
  setState(state: AgentState): void;
  /** Open an agent-speech transcript stream (attributes carry the agent track's sid); write deltas, then close. */
  openAgentTranscript(segmentId: string): { write(delta: string): void; close(): void };
  /** Publish a user transcript update on behalf of the user (transcribed track = the user's mic track). */
  publishUserTranscript(update: TranscriptUpdate): void;
  /** Call an RPC method the browser registered; resolves with its payload, rejects with its error. */
  performRpc(method: string, payload: string, responseTimeoutMs?: number): Promise<string>;
}

/** What media tells the agent. Implemented by src/agent. */
export interface Agent {
  /** The user has joined and their mic track is subscribed (or they joined without one). */
  start(): void;
  /** One inbound 10 ms frame of the user's microphone. */
  onUserAudio(frame: PcmFrame): void;
  /** Text the user typed (`lk.chat` topic). */
  onUserText(text: string): void;
  /** The room is closing: stop timers, child processes and queued work. Idempotent. */
  close(): void;
}
