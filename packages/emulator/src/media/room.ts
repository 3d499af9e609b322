/**
 * One realtime session's room: the browser user (one signalling socket and one peer) and the
 * virtual agent. Routes signalling requests, data packets and the agent's output, and releases
 * every resource when either side leaves.
 */
import {
  DataPacket,
  DisconnectReason,
  LeaveRequest,
  LeaveRequest_Action,
  ParticipantUpdate,
  JoinResponse,
  Room as RoomInfo,
  ServerInfo,
  ServerInfo_Edition,
  SessionDescription,
  SignalTarget,
  TrackInfo,
  TrackPublishedResponse,
  TrackSubscribed,
  TrackSource,
  TrackType,
  TrickleRequest,
} from '@livekit/protocol';
import type { AddTrackRequest, JoinRequest, SignalRequest } from '@livekit/protocol';
import type { Agent } from '../agent/agent-io.js';
import { AudioPacer } from './audio-pacer.js';
import type { RealtimeTokenClaims } from './contract.js';
import { MediaPeer } from './media-peer.js';
import { AgentParticipant, UserParticipant } from './participants.js';
import { RoomAgentIO } from './room-agent-io.js';
import { RpcCaller } from './rpc-caller.js';
import { PING_INTERVAL_S, PING_TIMEOUT_S } from './signal-connection.js';
import type { SignalConnection } from './signal-connection.js';
import { newSid } from './sids.js';
import { IncomingTextStreams } from './text-streams.js';
import type { IncomingText } from './text-streams.js';

/** The LiveKit server version the emulator claims (livekit-client refuses a join without one). */
export const EMULATED_SERVER_VERSION = '1.9.0';
/** A user who connects without publishing a microphone still gets the agent after this long. */
const START_WITHOUT_MIC_MS = 2_000;
/** A user who asked to publish a microphone gets the agent at the latest after this long. */
const START_WITH_PENDING_MIC_MS = 10_000;

export interface RoomOptions {
  sessionId: string;
  /** Emulator clock (epoch ms): join times and stream timestamps. */
  now: () => number;
  createAgent?: ((io: RoomAgentIO) => Agent) | undefined;
  log: (line: string) => void;
  /** The room has released everything; called once. */
  onClosed: () => void;
}

/** The browser side of the room: its participant, signalling socket and peer. */
interface UserSession {
  participant: UserParticipant;
  signal: SignalConnection;
  peer: MediaPeer;
}

/** A LiveKit room holding the browser user and the agent. */
export class Room {
  readonly sid = newSid('RM');
  private readonly agentParticipant: AgentParticipant;
  private readonly pacer: AudioPacer;
  private readonly rpc: RpcCaller;
  private readonly incoming: IncomingTextStreams;
  private agent: Agent | undefined;
  private agentStarted = false;
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  private user: UserSession | undefined;
  private readonly createdAtMs: number;
  private readonly reported = new Set<string>();
  private closed = false;

  constructor(private readonly options: RoomOptions) {
    this.createdAtMs = options.now();
    this.agentParticipant = new AgentParticipant(options.now());
    this.pacer = new AudioPacer((frame) => this.user?.peer.pushAgentFrame(frame));
    this.rpc = new RpcCaller({
      send: (packet) => this.sendPacket(packet),
      caller: { identity: this.agentParticipant.identity, sid: this.agentParticipant.sid },
      destination: () => this.user?.participant.identity ?? '',
      clientProtocol: () => this.user?.participant.clientProtocol ?? 0,
      now: options.now,
    });
    this.incoming = new IncomingTextStreams((text) => this.onUserText(text));
  }

  get name(): string {
    return this.options.sessionId;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Admit a browser: send the JoinResponse, answer its offer, build the agent on first join. */
  join(signal: SignalConnection, request: JoinRequest, claims: RealtimeTokenClaims): void {
    if (this.closed) {
      signal.close();
      return;
    }
    const previous = this.user;
    if (previous) {
      // Same realtime session joined again (a reload, a second tab): LiveKit keeps the newest.
      this.user = undefined;
      this.dropUser(previous, DisconnectReason.DUPLICATE_IDENTITY);
    }
    const participant = new UserParticipant(
      claims.sub,
      claims.name ?? claims.sub,
      claims.metadata ?? '',
      request.clientInfo?.clientProtocol ?? 0,
      this.options.now(),
    );
    const session: UserSession = { participant, signal, peer: this.createPeer(signal) };
    this.user = session;
    signal.listen({
      onRequest: (req) => this.onRequest(session, req),
      onClose: (reason) => {
        if (this.user !== session) return;
        // A closed socket is an ordinary way to leave; silence past the ping timeout is worth a line.
        if (reason === 'timeout') this.options.log(`media: ${participant.identity} stopped answering in room ${this.name} (ping timeout)`);
        this.close();
      },
    });
    signal.send({ case: 'join', value: this.joinResponse(participant) });
    if (!this.agent && this.options.createAgent) {
      try {
        this.agent = this.options.createAgent(this.createAgentIO(parseMetadata(claims.metadata)));
      } catch (error) {
        // The call still connects; the operator learns why no assistant joined.
        this.options.log(`media: could not create the agent for room ${this.name}: ${describe(error)}`);
      }
    }
    this.pacer.start();
    if (request.publisherOffer?.sdp) this.answer(session, request.publisherOffer);
    for (const addTrack of request.addTrackRequests) this.addTrack(session, addTrack);
    if (!this.agentStarted) {
      const wait = request.addTrackRequests.length > 0 ? START_WITH_PENDING_MIC_MS : START_WITHOUT_MIC_MS;
      this.scheduleAgentStart(wait);
    }
  }

  /** End from the server side: the browser gets a LiveKit leave, then everything is released. */
  end(reason: DisconnectReason = DisconnectReason.ROOM_DELETED): void {
    if (this.closed) return;
    this.user?.signal.send({
      case: 'leave',
      value: new LeaveRequest({ canReconnect: false, reason, action: LeaveRequest_Action.DISCONNECT }),
    });
    this.close();
  }

  /** Release everything (idempotent). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = undefined;
    try {
      this.agent?.close();
    } catch (error) {
      this.options.log(`media: agent close failed in room ${this.name}: ${describe(error)}`);
    }
    this.pacer.stop();
    this.rpc.close();
    this.incoming.clear();
    const user = this.user;
    this.user = undefined;
    if (user) this.dropUser(user);
    this.options.onClosed();
  }

  private dropUser(session: UserSession, leaveReason?: DisconnectReason): void {
    if (leaveReason !== undefined) {
      session.signal.send({
        case: 'leave',
        value: new LeaveRequest({ canReconnect: false, reason: leaveReason, action: LeaveRequest_Action.DISCONNECT }),
      });
    }
    session.peer.close();
    session.signal.close();
  }

  private createPeer(signal: SignalConnection): MediaPeer {
    return new MediaPeer({
      agentSid: this.agentParticipant.sid,
      agentTrackSid: this.agentParticipant.trackSid,
      onUserAudio: (frame) => {
        const agent = this.agent;
        if (this.agentStarted && agent) this.guard('passing audio to the agent', () => agent.onUserAudio(frame));
      },
      onUserTrack: () => {
        // The agent "subscribes" to the microphone: livekit-client stops its pre-connect buffer on this.
        const micSid = this.user?.participant.micTrackSid();
        if (micSid) signal.send({ case: 'trackSubscribed', value: new TrackSubscribed({ trackSid: micSid }) });
        this.startAgent();
      },
      onData: (bytes) => this.onData(bytes),
      onCandidate: (candidateInit) =>
        signal.send({ case: 'trickle', value: new TrickleRequest({ candidateInit, target: SignalTarget.PUBLISHER }) }),
      onFailed: () => {
        this.options.log(`media: WebRTC connection failed in room ${this.name}`);
        this.end(DisconnectReason.MEDIA_FAILURE);
      },
    });
  }

  private createAgentIO(metadata: Record<string, unknown>): RoomAgentIO {
    return new RoomAgentIO({
      sessionId: this.name,
      metadata,
      agent: this.agentParticipant,
      pacer: this.pacer,
      rpc: this.rpc,
      send: (packet) => this.sendPacket(packet),
      user: () => {
        const participant = this.user?.participant;
        return participant && { identity: participant.identity, sid: participant.sid, micTrackSid: participant.micTrackSid() };
      },
      agentChanged: () => this.broadcast(this.agentParticipant.info()),
      now: this.options.now,
    });
  }

  private scheduleAgentStart(delayMs: number): void {
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = setTimeout(() => this.startAgent(), delayMs);
  }

  private startAgent(): void {
    if (this.agentStarted || this.closed) return;
    this.agentStarted = true;
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = undefined;
    try {
      this.agent?.start();
    } catch (error) {
      this.options.log(`media: agent failed to start in room ${this.name}: ${describe(error)}`);
    }
  }

  private onRequest(session: UserSession, request: SignalRequest): void {
    if (this.user !== session) return;
    // A browser's message must never take the emulator down: report and carry on.
    this.guard(`handling ${request.message.case ?? 'an unknown'} request`, () => this.handleRequest(session, request));
  }

  private handleRequest(session: UserSession, request: SignalRequest): void {
    const message = request.message;
    switch (message.case) {
      case 'offer':
        this.answer(session, message.value);
        break;
      case 'trickle':
        void session.peer.addCandidate(message.value.candidateInit).catch(() => undefined);
        break;
      case 'addTrack':
        this.addTrack(session, message.value);
        break;
      case 'mute':
        if (session.participant.setMuted(message.value.sid, message.value.muted)) this.broadcast(session.participant.info());
        break;
      case 'leave':
        this.close();
        break;
      default:
        // Subscription, quality and metadata requests change nothing in a two-party audio room.
        break;
    }
  }

  private answer(session: UserSession, offer: SessionDescription): void {
    session.peer
      .answer(offer.sdp)
      .then(({ sdp, midToTrackId }) => {
        session.signal.send({
          case: 'answer',
          value: new SessionDescription({ type: 'answer', sdp, id: offer.id, midToTrackId }),
        });
      })
      .catch((error: unknown) => {
        if (this.user !== session) return;
        this.options.log(`media: could not answer an offer in room ${this.name}: ${describe(error)}`);
      });
  }

  private addTrack(session: UserSession, request: AddTrackRequest): void {
    const track = session.participant.addTrack(
      new TrackInfo({
        sid: newSid('TR'),
        type: request.type,
        name: request.name,
        source: request.source,
        muted: request.muted,
        width: request.width,
        height: request.height,
        disableDtx: request.disableDtx,
        stereo: request.stereo,
        mimeType: request.type === TrackType.AUDIO ? 'audio/opus' : 'video/vp8',
        stream: request.stream,
      }),
    );
    session.signal.send({ case: 'trackPublished', value: new TrackPublishedResponse({ cid: request.cid, track }) });
    this.broadcast(session.participant.info());
    if (track.source === TrackSource.MICROPHONE && !this.agentStarted) this.scheduleAgentStart(START_WITH_PENDING_MIC_MS);
  }

  private onData(bytes: Uint8Array): void {
    const user = this.user;
    if (!user) return;
    this.guard('handling a data packet', () => {
      const packet = DataPacket.fromBinary(bytes);
      if (this.rpc.handlePacket(packet)) return;
      if (this.incoming.handle(packet, user.participant.identity)) return;
      if (packet.value.case === 'chatMessage') this.agent?.onUserText(packet.value.value.message);
    });
  }

  /** Run `task`; a failure is logged (once per kind and room, audio comes 100 times a second) instead of thrown. */
  private guard(what: string, task: () => void): void {
    try {
      task();
    } catch (error) {
      if (this.reported.has(what)) return;
      this.reported.add(what);
      this.options.log(`media: failed ${what} in room ${this.name}: ${describe(error)}`);
    }
  }

  private onUserText(text: IncomingText): void {
    if (this.rpc.handleText(text)) return;
    if (text.topic === 'lk.chat' && text.text.trim()) this.agent?.onUserText(text.text);
  }

  private sendPacket(packet: DataPacket): void {
    this.user?.peer.sendData(packet.toBinary());
  }

  private broadcast(...participants: ReturnType<AgentParticipant['info']>[]): void {
    this.user?.signal.send({ case: 'update', value: new ParticipantUpdate({ participants }) });
  }

  private joinResponse(participant: UserParticipant): JoinResponse {
    return new JoinResponse({
      room: new RoomInfo({
        sid: this.sid,
        name: this.name,
        emptyTimeout: 300,
        departureTimeout: 20,
        maxParticipants: 2,
        creationTime: BigInt(Math.floor(this.createdAtMs / 1000)),
        creationTimeMs: BigInt(Math.floor(this.createdAtMs)),
        numParticipants: 2,
        numPublishers: 1,
      }),
      participant: participant.info(),
      otherParticipants: [this.agentParticipant.info()],
      serverVersion: EMULATED_SERVER_VERSION,
      serverInfo: new ServerInfo({
        edition: ServerInfo_Edition.Standard,
        version: EMULATED_SERVER_VERSION,
        protocol: 16,
        nodeId: 'ND_emulator',
        region: 'local',
      }),
      iceServers: [],
      subscriberPrimary: false,
      pingInterval: PING_INTERVAL_S,
      pingTimeout: PING_TIMEOUT_S,
    });
  }
}

/** The token's metadata JSON (`{assistant_id, variables, external_identifier}`); anything else reads as empty. */
function parseMetadata(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
