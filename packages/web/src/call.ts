import { VoiceSessionError } from './errors.js';
import { AGENT_ERROR_REASON, agentError, toDisconnectOutcome } from './error-mapper.js';
import type { AgentState, ConnectionState, EndReason, VoiceSessionEvents } from './events.js';
import { LevelMeter } from './level-meter.js';
import type { LivekitRuntime, MicrophonePort, ParticipantPort, RoomPort, TextStreamPort, TrackPort } from './room-port.js';
import type { ToolRegistry } from './tool-registry.js';
import { TRANSCRIPTION_TOPIC, readTranscriptionStream } from './transcript-reader.js';
import type { TranscriptStore } from './transcript-store.js';

/** What a call reports to the session that owns it. @internal */
export interface CallHost {
  emit<K extends keyof VoiceSessionEvents>(event: K, ...args: Parameters<VoiceSessionEvents[K]>): unknown;
  setConnectionState(state: ConnectionState): void;
  setAgentState(state: AgentState): void;
  end(outcome: { reason: EndReason; error?: VoiceSessionError | undefined }): void;
}

const AGENT_KIND = 4; // livekit ParticipantKind.AGENT
const AGENT_STATES: readonly string[] = ['initializing', 'listening', 'thinking', 'speaking', 'idle'];

/**
 * One connection to a room, from creation to teardown: maps room events to session events and owns
 * everything it sets up (room listeners, stream handlers, tools, microphone, meters, audio elements,
 * timers), so `close()` can release all of it on every path.
 */
export class Call {
  readonly room: RoomPort;
  readonly #host: CallHost;
  readonly #levelIntervalMs: number;
  readonly #tools: ToolRegistry;
  readonly #listeners: Array<[string, (...args: any[]) => void]> = [];
  readonly #meters = new Map<MediaStreamTrack, LevelMeter>();
  readonly #elements = new Map<TrackPort, HTMLMediaElement>();
  /** The microphone, possibly still opening; the call owns it, and close() stops it whenever it arrives. */
  mic: Promise<MicrophonePort> | undefined;
  #micSid: string | undefined;
  #agent: ParticipantPort | undefined;
  #agentTimer: ReturnType<typeof setTimeout> | undefined;
  #audioContext: AudioContext | undefined;
  #closed = false;
  #connected = false;

  constructor(
    runtime: LivekitRuntime,
    host: CallHost,
    levelIntervalMs: number,
    outputDeviceId: string | undefined,
    tools: ToolRegistry,
    transcript: TranscriptStore,
  ) {
    this.#host = host;
    this.#levelIntervalMs = levelIntervalMs;
    this.#tools = tools;
    const room = (this.room = runtime.createRoom({ outputDeviceId }));
    // A failed connect also emits `disconnected`; the rejected connect() reports that failure precisely.
    this.#on('disconnected', (reason?: number) => this.#connected && host.end(toDisconnectOutcome(reason)));
    for (const event of ['reconnecting', 'signalReconnecting', 'reconnected']) {
      this.#on(event, () => host.setConnectionState(event == 'reconnected' ? 'connected' : 'reconnecting'));
    }
    this.#on('participantConnected', (p: ParticipantPort) => this.#considerAgent(p));
    this.#on('participantDisconnected', (p: ParticipantPort, reason?: number) => {
      if (p !== this.#agent) return;
      host.end(reason === AGENT_ERROR_REASON ? { reason: 'error', error: agentError() } : { reason: 'agent' });
    });
    this.#on('participantAttributesChanged', (_changed: unknown, p: ParticipantPort) => {
      if (p === this.#agent) this.#readAgentState();
    });
    this.#on('trackSubscribed', (track: TrackPort, _pub: unknown, p: ParticipantPort) => this.#play(track, p));
    this.#on('trackUnsubscribed', (track: TrackPort) => this.#unplay(track));
    this.#on('audioPlaybackChanged', (playing: boolean) => host.emit(playing ? 'audio_unblocked' : 'audio_blocked'));
    this.#on('localAudioSilenceDetected', () => host.emit('mic_silent'));
    room.registerTextStreamHandler(TRANSCRIPTION_TOPIC, (reader: TextStreamPort, from) => {
      readTranscriptionStream(
        reader,
        from.identity,
        transcript,
        (trackId, sender) => this.#roleOf(trackId, sender),
        (entry) => host.emit('transcript', entry),
        () => this.#closed,
      ).catch(() => undefined); // a stream cut off by a disconnect leaves the segment as it was
    });
    tools.attach(room, runtime);
  }

  /** Connects, then looks for an agent already in the room and reports blocked playback. */
  async connect(url: string, token: string, agentJoinTimeoutMs: number): Promise<void> {
    await this.room.connect(url, token);
    this.#connected = true;
    if (this.#closed) return;
    for (const p of this.room.remoteParticipants.values()) this.#considerAgent(p);
    if (!this.#agent) {
      this.#agentTimer = setTimeout(() => {
        this.#host.end({
          reason: 'error',
          error: new VoiceSessionError('AGENT_JOIN_TIMEOUT', `No assistant joined in ${agentJoinTimeoutMs} ms.`),
        });
      }, agentJoinTimeoutMs);
    }
    if (!this.room.canPlaybackAudio) this.#host.emit('audio_blocked');
  }

  /** Publishes the owned microphone (its pre-connect buffer goes to the agent once it subscribes). */
  async publishMicrophone(mic: MicrophonePort, muted: boolean): Promise<void> {
    if (muted) await mic.mute();
    const publication = await this.room.localParticipant.publishTrack(mic, { preConnectBuffer: true });
    this.#micSid = publication.trackSid;
    this.#meter(mic.mediaStreamTrack, 'input_level');
  }

  /** Mutes or unmutes the published microphone. */
  async setMuted(muted: boolean): Promise<void> {
    await (await this.mic)?.[muted ? 'mute' : 'unmute']();
  }

  /** Unlocks audio playback (call from a user gesture). */
  async startAudio(): Promise<void> {
    await Promise.all([this.room.startAudio(), this.#audioContext?.resume()]);
  }

  /** Releases everything this call set up. Safe to call more than once. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#agentTimer);
    for (const [event, listener] of this.#listeners) this.room.off(event, listener);
    this.room.unregisterTextStreamHandler(TRANSCRIPTION_TOPIC);
    this.#tools.detach();
    for (const track of this.#elements.keys()) this.#unplay(track); // also stops those tracks' meters
    for (const meter of this.#meters.values()) meter.stop();
    this.mic?.then((mic) => mic.stop(), () => undefined);
    void this.#audioContext?.close().catch(() => undefined);
    await this.room.disconnect(true).catch(() => undefined);
  }

  #on(event: string, listener: (...args: any[]) => void): void {
    this.room.on(event, listener);
    this.#listeners.push([event, listener]);
  }

  #considerAgent(p: ParticipantPort): void {
    if (this.#agent || p.kind !== AGENT_KIND) return;
    this.#agent = p;
    clearTimeout(this.#agentTimer);
    this.#readAgentState();
  }

  #readAgentState(): void {
    const state = this.#agent?.attributes['lk.agent.state'];
    // Tolerant reader: a state added by a later agent version is ignored rather than passed on.
    if (state && AGENT_STATES.includes(state)) this.#host.setAgentState(state as AgentState);
  }

  #roleOf(trackId: string | undefined, sender: string): 'user' | 'assistant' {
    const local = this.room.localParticipant;
    // Only without a transcribed track id does the sender decide (agents send user transcripts too).
    return (trackId === undefined ? sender === local.identity : trackId === this.#micSid || local.trackPublications.has(trackId))
      ? 'user'
      : 'assistant';
  }

  #play(track: TrackPort, p: ParticipantPort): void {
    if (track.kind !== 'audio' || this.#elements.has(track) || this.#closed) return;
    const element = track.attach?.();
    if (element) {
      // iOS Safari only plays media elements that are in the document.
      element.hidden = true;
      document.body.append(element);
      this.#elements.set(track, element);
    }
    if (p.kind === AGENT_KIND) this.#meter(track.mediaStreamTrack, 'output_level');
  }

  #unplay(track: TrackPort): void {
    this.#elements.get(track)?.remove();
    this.#elements.delete(track);
    track.detach?.();
    this.#meters.get(track.mediaStreamTrack)?.stop();
    this.#meters.delete(track.mediaStreamTrack);
  }

  #meter(track: MediaStreamTrack, event: 'input_level' | 'output_level'): void {
    if (this.#meters.has(track) || typeof AudioContext === 'undefined') return;
    this.#audioContext ??= new AudioContext();
    const meter = new LevelMeter(this.#audioContext, new MediaStream([track]), this.#levelIntervalMs, (level) =>
      this.#host.emit(event, level),
    );
    this.#meters.set(track, meter);
  }
}
