// The slice of livekit-client the SDK uses, as structural types of our own. The real Room satisfies it
// (see livekit-runtime.ts); tests pass a fake that emits the same event names and payloads. Keeping
// livekit's types behind this seam keeps them out of the public API and livekit out of the first chunk.

/** A media track as the SDK sees it. @internal */
export interface TrackPort {
  readonly kind: string;
  readonly sid?: string | undefined;
  readonly mediaStreamTrack: MediaStreamTrack;
  attach?(): HTMLMediaElement;
  detach?(): HTMLMediaElement[];
}

/** A local microphone track. @internal */
export interface MicrophonePort extends TrackPort {
  mute(): Promise<unknown>;
  unmute(): Promise<unknown>;
  stop(): void;
}

/** A published track. @internal */
export interface PublicationPort {
  readonly trackSid: string;
  readonly kind: string;
  readonly track?: TrackPort | undefined;
}

/** A participant. `kind` 4 is AGENT (livekit's ParticipantKind). @internal */
export interface ParticipantPort {
  readonly identity: string;
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string>>;
  readonly trackPublications: Map<string, PublicationPort>;
}

/** The local participant. @internal */
export interface LocalParticipantPort extends ParticipantPort {
  publishTrack(track: MicrophonePort | MediaStreamTrack, options: { preConnectBuffer?: boolean }): Promise<PublicationPort>;
  sendText(text: string, options: { topic: string }): Promise<{ id: string }>;
}

/** An incoming text stream: header info, then string chunks; trailer attributes merge into `info.attributes`. @internal */
export interface TextStreamPort {
  readonly info: { readonly id: string; readonly topic: string; readonly attributes?: Record<string, string> | undefined };
  [Symbol.asyncIterator](): AsyncIterator<string>;
}

/** One RPC call from a remote participant. @internal */
export interface RpcInvocationPort {
  readonly requestId: string;
  readonly callerIdentity: string;
  readonly payload: string;
  /** Milliseconds the caller waits for the answer. */
  readonly responseTimeout: number;
}

/** A room. @internal */
export interface RoomPort {
  readonly localParticipant: LocalParticipantPort;
  readonly remoteParticipants: Map<string, ParticipantPort>;
  readonly canPlaybackAudio: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  connect(url: string, token: string): Promise<void>;
  disconnect(stopTracks?: boolean): Promise<void>;
  startAudio(): Promise<void>;
  switchActiveDevice(kind: MediaDeviceKind, deviceId: string, exact?: boolean): Promise<boolean>;
  registerTextStreamHandler(topic: string, handler: (reader: TextStreamPort, from: { identity: string }) => void): void;
  unregisterTextStreamHandler(topic: string): void;
  registerRpcMethod(method: string, handler: (data: RpcInvocationPort) => Promise<string>): void;
  unregisterRpcMethod(method: string): void;
}

/** Options for a new room. @internal */
export interface RoomCreateOptions {
  /** Preferred output device, applied to the assistant's audio. */
  outputDeviceId?: string | undefined;
}

/** Options for acquiring the microphone. @internal */
export interface MicrophoneOptions {
  /** Preferred input device; a preference (`ideal`), never `exact`, which fails on iOS. */
  deviceId?: string | undefined;
}

/** What the lazily loaded livekit-client adapter provides. @internal */
export interface LivekitRuntime {
  createRoom(options: RoomCreateOptions): RoomPort;
  /** Acquires the mic and starts the pre-connect buffer, so speech before the agent subscribes is kept. */
  createMicrophone(options: MicrophoneOptions): Promise<MicrophonePort>;
  /** An error livekit sends back to the RPC caller with this code and message. */
  rpcError(code: number, message: string): Error;
}
