// A fake livekit-client Room for the SDK's unit tests. It emits livekit's real event names and payload
// shapes (taken from livekit-client's own enums, imported below) and behaves like the real Room where
// the SDK depends on it: duplicate handler registration throws, trailers merge into stream attributes,
// disconnect() emits `disconnected` with CLIENT_INITIATED.
import { EventEmitter } from 'eventemitter3';
import { DisconnectReason, ParticipantKind, RoomEvent } from 'livekit-client';
import type {
  LivekitRuntime,
  LocalParticipantPort,
  MicrophoneOptions,
  MicrophonePort,
  ParticipantPort,
  PublicationPort,
  RoomCreateOptions,
  RoomPort,
  RpcInvocationPort,
  TextStreamPort,
  TrackPort,
} from '../src/room-port.js';

export { DisconnectReason, ParticipantKind, RoomEvent };

/** A MediaStreamTrack stand-in that records stop(). */
export class FakeMediaStreamTrack {
  readyState: 'live' | 'ended' = 'live';
  constructor(readonly kind: string, readonly id = `mst-${Math.random().toString(36).slice(2)}`) {}
  stop(): void {
    this.readyState = 'ended';
  }
}

export class FakeTrack implements TrackPort {
  readonly mediaStreamTrack: MediaStreamTrack;
  readonly elements: HTMLMediaElement[] = [];
  constructor(readonly kind: string, public sid?: string) {
    this.mediaStreamTrack = new FakeMediaStreamTrack(kind) as unknown as MediaStreamTrack;
  }
  attach(): HTMLMediaElement {
    const element = document.createElement('audio');
    this.elements.push(element);
    return element;
  }
  detach(): HTMLMediaElement[] {
    return this.elements.splice(0);
  }
}

export class FakeMicrophone extends FakeTrack implements MicrophonePort {
  muted = false;
  stopped = false;
  constructor(readonly options: MicrophoneOptions) {
    super('audio');
  }
  async mute(): Promise<this> {
    this.muted = true;
    return this;
  }
  async unmute(): Promise<this> {
    this.muted = false;
    return this;
  }
  stop(): void {
    this.stopped = true;
    (this.mediaStreamTrack as unknown as FakeMediaStreamTrack).stop();
  }
}

export class FakeParticipant implements ParticipantPort {
  attributes: Record<string, string>;
  readonly trackPublications = new Map<string, PublicationPort>();
  constructor(readonly identity: string, readonly kind: number, attributes: Record<string, string> = {}) {
    this.attributes = { ...attributes };
  }
  addAudioTrack(sid: string): FakeTrack {
    const track = new FakeTrack('audio', sid);
    this.trackPublications.set(sid, { trackSid: sid, kind: 'audio', track });
    return track;
  }
}

export class FakeLocalParticipant extends FakeParticipant implements LocalParticipantPort {
  readonly sentTexts: Array<{ text: string; topic: string }> = [];
  published: MicrophonePort | undefined;
  publishOptions: unknown;
  constructor() {
    super('user-1', ParticipantKind.STANDARD);
  }
  async publishTrack(track: MicrophonePort | MediaStreamTrack, options: { preConnectBuffer?: boolean }): Promise<PublicationPort> {
    const sid = 'TR_user_mic';
    this.published = track as MicrophonePort;
    this.publishOptions = options;
    const publication = { trackSid: sid, kind: 'audio', track: track as MicrophonePort };
    this.trackPublications.set(sid, publication);
    return publication;
  }
  async sendText(text: string, options: { topic: string }): Promise<{ id: string }> {
    this.sentTexts.push({ text, topic: options.topic });
    return { id: `text-${this.sentTexts.length}` };
  }
}

/** A text stream the test feeds chunk by chunk, like livekit's TextStreamReader. */
export class FakeTextStream implements TextStreamPort {
  readonly info: { id: string; topic: string; attributes: Record<string, string> };
  readonly #queue: Array<IteratorResult<string>> = [];
  #wake: (() => void) | undefined;
  constructor(id: string, topic: string, attributes: Record<string, string>) {
    this.info = { id, topic, attributes: { ...attributes } };
  }
  push(chunk: string): void {
    this.#queue.push({ value: chunk, done: false });
    this.#wake?.();
  }
  /** Closes the stream; like livekit, trailer attributes are merged into `info.attributes`. */
  end(trailer: Record<string, string> = {}): void {
    Object.assign(this.info.attributes, trailer);
    this.#queue.push({ value: undefined, done: true });
    this.#wake?.();
  }
  [Symbol.asyncIterator](): AsyncIterator<string> {
    return {
      next: async () => {
        while (this.#queue.length === 0) await new Promise<void>((resolve) => (this.#wake = resolve));
        return this.#queue.shift()!;
      },
    };
  }
}

export class FakeRoom extends EventEmitter implements RoomPort {
  readonly localParticipant = new FakeLocalParticipant();
  readonly remoteParticipants = new Map<string, FakeParticipant>();
  canPlaybackAudio = true;
  readonly textHandlers = new Map<string, (reader: TextStreamPort, from: { identity: string }) => void>();
  readonly rpcHandlers = new Map<string, (data: RpcInvocationPort) => Promise<string>>();
  readonly switched: Array<[MediaDeviceKind, string, boolean | undefined]> = [];
  connectedWith: { url: string; token: string } | undefined;
  disconnectCalls = 0;
  startAudioCalls = 0;
  /** Replace to make connect() fail or hang. */
  connectImpl: () => Promise<void> = async () => undefined;
  #nextStream = 0;

  constructor(readonly options: RoomCreateOptions) {
    super();
  }

  async connect(url: string, token: string): Promise<void> {
    this.connectedWith = { url, token };
    await this.connectImpl();
  }
  async disconnect(): Promise<void> {
    this.disconnectCalls += 1;
    this.emit(RoomEvent.Disconnected, DisconnectReason.CLIENT_INITIATED);
  }
  async startAudio(): Promise<void> {
    this.startAudioCalls += 1;
    this.setPlayback(true);
  }
  async switchActiveDevice(kind: MediaDeviceKind, deviceId: string, exact?: boolean): Promise<boolean> {
    this.switched.push([kind, deviceId, exact]);
    return true;
  }
  registerTextStreamHandler(topic: string, handler: (reader: TextStreamPort, from: { identity: string }) => void): void {
    if (this.textHandlers.has(topic)) throw new Error(`A text stream handler for topic "${topic}" has already been set.`);
    this.textHandlers.set(topic, handler);
  }
  unregisterTextStreamHandler(topic: string): void {
    this.textHandlers.delete(topic);
  }
  registerRpcMethod(method: string, handler: (data: RpcInvocationPort) => Promise<string>): void {
    if (this.rpcHandlers.has(method)) throw new Error(`RPC handler already registered for method ${method}`);
    this.rpcHandlers.set(method, handler);
  }
  unregisterRpcMethod(method: string): void {
    this.rpcHandlers.delete(method);
  }

  /** Every listener still attached to the room, across all events. */
  totalListeners(): number {
    return this.eventNames().reduce((sum, name) => sum + this.listenerCount(name), 0);
  }

  // --- what the server side (the agent) does ---

  /** An agent joins: kind AGENT, identity agent-…, audio track roomio_audio subscribed. */
  addAgent(state = 'initializing', kind: number = ParticipantKind.AGENT): FakeParticipant {
    const agent = new FakeParticipant('agent-AJ_1', kind, { 'lk.agent.state': state });
    const track = agent.addAudioTrack('TR_agent_audio');
    this.remoteParticipants.set(agent.identity, agent);
    this.emit(RoomEvent.ParticipantConnected, agent);
    this.emit(RoomEvent.TrackSubscribed, track, agent.trackPublications.get('TR_agent_audio'), agent);
    return agent;
  }
  setAttributes(participant: FakeParticipant, changed: Record<string, string>): void {
    Object.assign(participant.attributes, changed);
    this.emit(RoomEvent.ParticipantAttributesChanged, changed, participant);
  }
  removeParticipant(participant: FakeParticipant, reason?: DisconnectReason): void {
    this.remoteParticipants.delete(participant.identity);
    this.emit(RoomEvent.ParticipantDisconnected, participant, reason);
  }
  /** The server ends the room (as after a LeaveRequest). */
  serverDisconnect(reason: DisconnectReason): void {
    this.emit(RoomEvent.Disconnected, reason);
  }
  setPlayback(playing: boolean): void {
    this.canPlaybackAudio = playing;
    this.emit(RoomEvent.AudioPlaybackStatusChanged, playing);
  }
  /** Opens a text stream from `identity` on `topic`, as livekit hands it to the registered handler. */
  openStream(topic: string, attributes: Record<string, string>, identity: string): FakeTextStream {
    const stream = new FakeTextStream(`TS_${++this.#nextStream}`, topic, attributes);
    const handler = this.textHandlers.get(topic);
    if (!handler) throw new Error(`no handler for ${topic}`);
    handler(stream, { identity });
    return stream;
  }
  /** The agent calls a browser tool over RPC. */
  callRpc(method: string, payload: string, responseTimeout = 10_000): Promise<string> {
    const handler = this.rpcHandlers.get(method);
    if (!handler) return Promise.reject(new Error(`unsupported method ${method}`));
    return handler({ requestId: 'RQ_1', callerIdentity: 'agent-AJ_1', payload, responseTimeout });
  }
}

/** An RPC error like livekit's RpcError: a code and a message. */
export class FakeRpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** A runtime whose rooms and microphones the test can reach. */
export interface FakeRuntime {
  readonly runtime: LivekitRuntime;
  readonly rooms: FakeRoom[];
  readonly mics: FakeMicrophone[];
  /** Set to make the next createMicrophone() reject with it. */
  micError: unknown;
  /** Set to hold createMicrophone() until the promise resolves (an open permission prompt). */
  micGate: Promise<void> | undefined;
  /** Applied to each new room before it is returned. */
  configureRoom: ((room: FakeRoom) => void) | undefined;
  loads: number;
  load: () => Promise<LivekitRuntime>;
}

export function createFakeRuntime(): FakeRuntime {
  const fake: FakeRuntime = {
    rooms: [],
    mics: [],
    micError: undefined,
    micGate: undefined,
    configureRoom: undefined,
    loads: 0,
    runtime: {
      createRoom(options) {
        const room = new FakeRoom(options);
        fake.configureRoom?.(room);
        fake.rooms.push(room);
        return room;
      },
      async createMicrophone(options) {
        await fake.micGate;
        if (fake.micError) throw fake.micError;
        const mic = new FakeMicrophone(options);
        fake.mics.push(mic);
        return mic;
      },
      rpcError: (code, message) => new FakeRpcError(code, message),
    },
    load: async () => {
      fake.loads += 1;
      return fake.runtime;
    },
  };
  return fake;
}

/** An unsigned JWT with the given `exp` (seconds), enough for the SDK's local expiry check. */
export function makeToken(exp: number = Math.floor(Date.now() / 1000) + 900): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp, jti: Math.random().toString(36), video: { room: 'rs_1', roomJoin: true } })}.c2ln`;
}

/** Resolves with the arguments of the next `event` the emitter emits. */
export function nextEvent<T extends unknown[]>(emitter: { once(event: string, fn: (...args: any[]) => void): unknown }, event: string): Promise<T> {
  return new Promise((resolve) => emitter.once(event, (...args: unknown[]) => resolve(args as T)));
}
