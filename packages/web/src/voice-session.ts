import { EventEmitter } from 'eventemitter3';
import { Call, type CallHost } from './call.js';
import { listAudioDevices, type AudioDevice } from './devices.js';
import { VoiceSessionError } from './errors.js';
import { toConnectError, toMicrophoneError } from './error-mapper.js';
import type { AgentState, ConnectionState, EndReason, TranscriptEntry, VoiceSessionEvents } from './events.js';
import type { LivekitRuntime, MicrophonePort } from './room-port.js';
import { detectSupport, type SupportReport } from './support.js';
import { getCredentials, type SessionCredentials, type TokenEndpointOptions } from './token-source.js';
import { ToolRegistry, type ToolHandler } from './tool-registry.js';
import { TranscriptStore } from './transcript-store.js';

/** Tuning shared by both ways of constructing a session. */
export interface VoiceSessionTuning {
  /** How long to wait for the assistant to join after connecting; default 20 000 ms. */
  agentJoinTimeoutMs?: number;
  /** Minimum time between `input_level` / `output_level` events; default 100 ms. */
  levelIntervalMs?: number;
  /** @internal Replaces the lazily loaded livekit-client adapter (tests inject a fake room here). */
  loadRuntime?: () => Promise<LivekitRuntime>;
}

/** `{url, token}` from your backend, or `{tokenEndpoint}` to mint lazily inside `start()`. */
export type VoiceSessionOptions = (SessionCredentials | TokenEndpointOptions) & VoiceSessionTuning;

/** Options of {@link VoiceSession.start}. */
export interface StartOptions {
  /** Capture and publish the microphone; default true. */
  microphone?: boolean;
  /** Aborting it cancels the start like `stop()` does. */
  signal?: AbortSignal;
}

const loadLivekit = () => import('./livekit-runtime.js').then((m) => m.livekitRuntime);

/**
 * A voice conversation with an AI assistant, from the browser.
 *
 * @example
 * const session = new VoiceSession({ tokenEndpoint: '/session' });
 * session.on('transcript', (entry) => console.log(entry.role, entry.text));
 * session.on('ended', ({ reason }) => console.log('ended:', reason));
 * talkButton.onclick = () => session.start({ microphone: true });
 * endButton.onclick = () => session.stop();
 */
export class VoiceSession extends EventEmitter<VoiceSessionEvents> {
  readonly #options: VoiceSessionOptions;
  readonly #transcript = new TranscriptStore();
  readonly #tools = new ToolRegistry();
  #connectionState: ConnectionState = 'idle';
  #agentState: AgentState = 'initializing';
  #muted = false;
  #inputDeviceId: string | undefined;
  #outputDeviceId: string | undefined;
  #call: Call | undefined;
  #attempt: AbortController | undefined;
  #starting: Promise<void> | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: VoiceSessionOptions) {
    super();
    this.#options = options;
  }

  /** Reports whether this browser can run a session (secure context, getUserMedia, WebRTC, speaker choice). */
  static checkSupport(): SupportReport {
    return detectSupport();
  }

  /** The current connection state. */
  get connectionState(): ConnectionState {
    return this.#connectionState;
  }

  /** The assistant's latest state. */
  get agentState(): AgentState {
    return this.#agentState;
  }

  /**
   * Connects and starts talking: mints a token if configured with an endpoint, opens the microphone in
   * parallel with signalling, and resolves once connected with the microphone published. Calling it again
   * while starting returns the same promise; while connected it does nothing. Rejects with a
   * {@link VoiceSessionError} (also emitted as `error`, except `ABORTED` after `stop()`).
   */
  start(options: StartOptions = {}): Promise<void> {
    // Not an async function: a second call in the same tick must see the first one's promise.
    if (!this.#starting && !this.#call) {
      this.#starting = (this.#closing ?? Promise.resolve())
        .then(() => this.#run(options))
        .finally(() => (this.#starting = undefined));
    }
    return this.#starting ?? Promise.resolve();
  }

  /** Ends the session and releases the microphone and every listener the SDK added; safe at any moment. */
  async stop(): Promise<void> {
    this.#attempt?.abort();
    await this.#starting?.catch(() => undefined);
    await this.#finish({ reason: 'user' });
  }

  /** Mutes or unmutes the microphone (also before start: the microphone then starts muted). */
  async setMicrophoneMuted(muted: boolean): Promise<void> {
    if (muted === this.#muted) return;
    this.#muted = muted;
    await this.#call?.setMuted(muted);
    this.emit('mic_muted', muted);
  }

  /** Sends typed text to the assistant (topic `lk.chat`) and adds it to the transcript as a final user entry. */
  async sendText(text: string): Promise<void> {
    const call = this.#call;
    if (!call || this.#connectionState == 'connecting') throw new VoiceSessionError('NOT_CONNECTED', 'Not connected.');
    const { id } = await call.room.localParticipant.sendText(text, { topic: 'lk.chat' });
    const entry = this.#transcript.set(id, 'user', text, true);
    if (entry) this.emit('transcript', entry);
  }

  /** Unlocks audio playback after the browser blocked it; call from a click or tap handler. */
  async startAudio(): Promise<void> {
    await this.#call?.startAudio();
  }

  /** Lists microphones and speakers (labels appear once microphone access was granted). */
  listDevices(): Promise<AudioDevice[]> {
    return listAudioDevices();
  }

  /** Chooses the microphone, hot-swapping it mid-call; the id is a preference, never an `exact` constraint. */
  async setInputDevice(deviceId: string): Promise<void> {
    this.#inputDeviceId = deviceId;
    await this.#switchDevice('audioinput', deviceId);
  }

  /** Chooses the speaker for the assistant's voice, mid-call too (where the browser supports it). */
  async setOutputDevice(deviceId: string): Promise<void> {
    this.#outputDeviceId = deviceId;
    await this.#switchDevice('audiooutput', deviceId);
  }

  /**
   * Lets the assistant call `name` in the page (LiveKit RPC). The handler gets the parsed JSON parameters
   * and an AbortSignal; what it returns (or throws) is the answer. Returns a function that unregisters it.
   */
  registerTool(name: string, handler: ToolHandler): () => void {
    return this.#tools.register(name, handler);
  }

  /** A snapshot of the conversation so far, one entry per segment. */
  getTranscript(): TranscriptEntry[] {
    return this.#transcript.snapshot();
  }

  async #run({ microphone = true, signal }: StartOptions): Promise<void> {
    const attempt = (this.#attempt = new AbortController());
    const abort = () => attempt.abort();
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) abort();
    // Every step races this, so stop() never waits on a stuck step (an open permission prompt, say).
    const stopped = new Promise<never>((_, reject) => attempt.signal.addEventListener('abort', () => reject(attempt.signal.reason)));
    stopped.catch(() => undefined);
    const step = <T>(promise: Promise<T>) => Promise.race([promise, stopped]);
    this.#transcript.clear();
    this.#setConnectionState('connecting');
    this.#setAgentState('initializing');
    let mic: Promise<MicrophonePort> | undefined;
    try {
      const { loadRuntime, agentJoinTimeoutMs = 20_000 } = this.#options;
      // Only the real runtime needs the browser's media stack; an injected one brings its own.
      if (!loadRuntime && !detectSupport().supported) {
        throw new VoiceSessionError('UNSUPPORTED_BROWSER', 'Needs https, WebRTC and microphone access.');
      }
      // Everything that can run at once does: the livekit chunk, the token and the microphone prompt.
      const runtime = (loadRuntime ?? loadLivekit)();
      const credentials = getCredentials(this.#options, attempt.signal, Date.now());
      mic = microphone
        ? runtime.then((rt) => rt.createMicrophone({ deviceId: this.#inputDeviceId })).catch((e) => {
            throw toMicrophoneError(e);
          })
        : undefined;
      // Promises that reject before they are awaited would otherwise be reported as unhandled.
      for (const p of [credentials, mic]) p?.catch(() => undefined);
      const call = new Call(await step(runtime), this.#host, this.#options.levelIntervalMs ?? 100, this.#outputDeviceId, this.#tools, this.#transcript);
      this.#call = call;
      call.mic = mic;
      const connecting = credentials.then(({ url, token }) =>
        call.connect(url, token, agentJoinTimeoutMs).catch((e) => {
          throw toConnectError(e, 'tokenEndpoint' in this.#options);
        }),
      );
      const [, track] = await step(Promise.all([connecting, mic]));
      if (track) await step(call.publishMicrophone(track, this.#muted));
      this.#setConnectionState('connected');
    } catch (cause) {
      // An abort carries the error that ended the call mid-start (see #finish), or nothing after stop().
      const reason = attempt.signal.aborted ? attempt.signal.reason : cause;
      const error =
        reason instanceof VoiceSessionError
          ? reason
          : attempt.signal.aborted
            ? new VoiceSessionError('ABORTED', 'Stopped while starting.', { cause })
            : new VoiceSessionError('NETWORK', 'Could not start.', { cause });
      mic?.then((m) => m.stop(), () => undefined);
      await this.#finish(
        error.code == 'ABORTED' ? { reason: 'user' } : { reason: error.code == 'TOKEN_EXPIRED' ? 'expired' : 'error', error },
      );
      throw error;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }

  readonly #host: CallHost = {
    // eventemitter3's mapped argument type cannot be matched generically; the CallHost signature keeps it typed.
    emit: (event, ...args) => (this.emit as (event: string, ...args: unknown[]) => boolean)(event, ...args),
    setConnectionState: (state) => this.#setConnectionState(state),
    setAgentState: (state) => this.#setAgentState(state),
    end: (outcome) => void this.#finish(outcome),
  };

  /** Tears the current attempt down once and emits `error` (if any), `disconnected` and `ended`. */
  #finish(outcome: { reason: EndReason; error?: VoiceSessionError | undefined }): Promise<void> {
    const attempt = this.#attempt;
    if (this.#closing || !attempt) return this.#closing ?? Promise.resolve();
    // The attempt is this start's lifetime: aborting it cancels any step still running, and clearing
    // it makes later reports (a second stop, a late room event) no-ops.
    this.#attempt = undefined;
    attempt.abort(outcome.error);
    const call = this.#call;
    this.#call = undefined;
    this.#closing = (async () => {
      await call?.close();
      if (outcome.error) this.emit('error', outcome.error);
      this.#setConnectionState('disconnected');
      this.emit('ended', { reason: outcome.reason });
    })().finally(() => (this.#closing = undefined));
    return this.#closing;
  }

  async #switchDevice(kind: MediaDeviceKind, deviceId: string): Promise<void> {
    const call = this.#call;
    if (!call) return;
    try {
      await call.room.switchActiveDevice(kind, deviceId, false);
    } catch (cause) {
      throw new VoiceSessionError('DEVICE_ERROR', `Cannot switch ${kind}.`, { cause });
    }
  }

  #setConnectionState(state: ConnectionState): void {
    if (state === this.#connectionState) return;
    this.#connectionState = state;
    this.emit('connection_state', state);
  }

  #setAgentState(state: AgentState): void {
    if (state === this.#agentState) return;
    this.#agentState = state;
    this.emit('agent_state', state);
  }
}
