/**
 * The two participants of a room as the browser sees them: the user (from the token) and the
 * virtual agent, shaped like a LiveKit Agents worker (identity `agent-AJ_…`, kind AGENT,
 * `roomio_audio` track, `lk.agent.state` attribute).
 */
import {
  ParticipantInfo,
  ParticipantInfo_Kind,
  ParticipantInfo_State,
  ParticipantPermission,
  TrackInfo,
  TrackSource,
  TrackType,
} from '@livekit/protocol';
import type { AgentState } from '../agent/agent-io.js';
import { newSid } from './sids.js';

/** A participant whose `ParticipantInfo.version` only grows, as livekit-client requires. */
abstract class VersionedParticipant {
  readonly sid = newSid('PA');
  readonly joinedAtMs: number;
  protected version = 0;
  protected state = ParticipantInfo_State.ACTIVE;

  constructor(
    readonly identity: string,
    nowMs: number,
  ) {
    this.joinedAtMs = nowMs;
  }

  /** Mark as gone; the next `info()` tells the browser to remove it. */
  disconnect(): void {
    this.state = ParticipantInfo_State.DISCONNECTED;
    this.version++;
  }

  abstract info(): ParticipantInfo;

  protected base(): Partial<ParticipantInfo> {
    return {
      sid: this.sid,
      identity: this.identity,
      state: this.state,
      joinedAt: BigInt(Math.floor(this.joinedAtMs / 1000)),
      joinedAtMs: BigInt(Math.floor(this.joinedAtMs)),
      version: this.version,
    };
  }
}

/** The agent participant and its one audio track. */
export class AgentParticipant extends VersionedParticipant {
  readonly trackSid = newSid('TR');
  private agentState: AgentState = 'initializing';

  constructor(nowMs: number) {
    super(`agent-${newSid('AJ')}`, nowMs);
    this.version = 1;
  }

  get currentState(): AgentState {
    return this.agentState;
  }

  /** Returns false when the state did not change (no update to send). */
  setState(state: AgentState): boolean {
    if (state === this.agentState) return false;
    this.agentState = state;
    this.version++;
    return true;
  }

  info(): ParticipantInfo {
    return new ParticipantInfo({
      ...this.base(),
      name: 'agent',
      kind: ParticipantInfo_Kind.AGENT,
      attributes: { 'lk.agent.state': this.agentState },
      isPublisher: true,
      // ≥ 1: the browser answers this participant's RPCs over data streams (RPC v2).
      clientProtocol: 1,
      permission: new ParticipantPermission({
        canSubscribe: true,
        canPublish: true,
        canPublishData: true,
        agent: true,
      }),
      tracks: [
        new TrackInfo({
          sid: this.trackSid,
          type: TrackType.AUDIO,
          name: 'roomio_audio',
          source: TrackSource.MICROPHONE,
          mimeType: 'audio/opus',
          stream: 'roomio_audio',
        }),
      ],
    });
  }
}

/** The browser user, from the realtime token's claims. */
export class UserParticipant extends VersionedParticipant {
  readonly tracks: TrackInfo[] = [];

  constructor(
    identity: string,
    private readonly name: string,
    private readonly metadata: string,
    readonly clientProtocol: number,
    nowMs: number,
  ) {
    super(identity, nowMs);
    this.version = 1;
  }

  /** Register a track the browser asked to publish; returns its server-side info. */
  addTrack(track: TrackInfo): TrackInfo {
    this.tracks.push(track);
    this.version++;
    return track;
  }

  /** The microphone track's sid, if one is published (user transcripts point at it). */
  micTrackSid(): string | undefined {
    return (this.tracks.find((t) => t.source === TrackSource.MICROPHONE) ?? this.tracks.find((t) => t.type === TrackType.AUDIO))?.sid;
  }

  setMuted(trackSid: string, muted: boolean): boolean {
    const track = this.tracks.find((t) => t.sid === trackSid);
    if (!track || track.muted === muted) return false;
    track.muted = muted;
    this.version++;
    return true;
  }

  info(): ParticipantInfo {
    return new ParticipantInfo({
      ...this.base(),
      name: this.name,
      metadata: this.metadata,
      kind: ParticipantInfo_Kind.STANDARD,
      isPublisher: this.tracks.length > 0,
      clientProtocol: this.clientProtocol,
      permission: new ParticipantPermission({ canSubscribe: true, canPublish: true, canPublishData: true }),
      tracks: this.tracks.map((t) => t.clone()),
    });
  }
}
