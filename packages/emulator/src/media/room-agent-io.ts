/**
 * The media side of the agent contract: what the demo agent may do to its room, mapped onto
 * LiveKit's wire conventions (agent track, `lk.agent.state`, `lk.transcription` streams, RPC).
 */
import type { AgentIO, AgentState, PcmFrame, TranscriptUpdate } from '../agent/agent-io.js';
import type { AudioPacer } from './audio-pacer.js';
import type { AgentParticipant } from './participants.js';
import type { RpcCaller } from './rpc-caller.js';
import { OutgoingTextStream } from './text-streams.js';
import type { PacketSend, PacketSender } from './text-streams.js';

const TRANSCRIPTION_TOPIC = 'lk.transcription';

/** What the room lends the agent IO: its agent participant, pacer, RPC caller and packet path. */
export interface RoomAgentIOParts {
  sessionId: string;
  metadata: Record<string, unknown>;
  agent: AgentParticipant;
  pacer: AudioPacer;
  rpc: RpcCaller;
  send: PacketSend;
  /** The browser user as a sender, with its mic track sid (undefined before it publishes one). */
  user: () => (PacketSender & { micTrackSid: string | undefined }) | undefined;
  /** Broadcast the agent's changed participant info. */
  agentChanged: () => void;
  now: () => number;
}

/** `AgentIO` for one room. */
export class RoomAgentIO implements AgentIO {
  readonly sessionId: string;
  readonly metadata: Record<string, unknown>;

  constructor(private readonly parts: RoomAgentIOParts) {
    this.sessionId = parts.sessionId;
    this.metadata = parts.metadata;
  }

  pushAudio(frame: PcmFrame): void {
    this.parts.pacer.push(frame);
  }

  clearAudio(): void {
    this.parts.pacer.clear();
  }

  queuedAudioMs(): number {
    return this.parts.pacer.queuedMs();
  }

  setState(state: AgentState): void {
    if (this.parts.agent.setState(state)) this.parts.agentChanged();
  }

  openAgentTranscript(segmentId: string): { write(delta: string): void; close(): void } {
    const { agent } = this.parts;
    const stream = new OutgoingTextStream(
      this.parts.send,
      { identity: agent.identity, sid: agent.sid },
      TRANSCRIPTION_TOPIC,
      {
        'lk.segment_id': segmentId,
        'lk.transcribed_track_id': agent.trackSid,
        'lk.transcription_final': 'false',
      },
      this.parts.now(),
    );
    return {
      write: (delta) => stream.write(delta),
      close: () => stream.close({ 'lk.transcription_final': 'true' }),
    };
  }

  publishUserTranscript(update: TranscriptUpdate): void {
    const user = this.parts.user();
    if (!user) return;
    const final = String(update.final);
    const stream = new OutgoingTextStream(
      this.parts.send,
      { identity: user.identity, sid: user.sid },
      TRANSCRIPTION_TOPIC,
      {
        'lk.segment_id': update.segmentId,
        'lk.transcribed_track_id': user.micTrackSid ?? '',
        'lk.transcription_final': final,
      },
      this.parts.now(),
    );
    stream.write(update.text);
    stream.close({ 'lk.transcription_final': final });
  }

  performRpc(method: string, payload: string, responseTimeoutMs?: number): Promise<string> {
    return this.parts.rpc.perform(method, payload, responseTimeoutMs);
  }
}
