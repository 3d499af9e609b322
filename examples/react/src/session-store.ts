/**
 * `SessionStore`: follows one voice session's events and keeps an immutable snapshot of everything a
 * UI shows, so React reads it through `useSyncExternalStore` (tear-free, StrictMode-safe) and a render
 * happens only when something changed.
 */
import { VoiceSessionError } from '@voice-session/web';
import type { AgentState, ConnectionState, EndReason, TranscriptEntry, VoiceSession, VoiceSessionEvents } from '@voice-session/web';

/** The parts of a {@link VoiceSession} the hook uses; a test can hand in a fake with the same shape. */
export type VoiceSessionLike = Pick<
  VoiceSession,
  | 'on'
  | 'off'
  | 'start'
  | 'stop'
  | 'setMicrophoneMuted'
  | 'sendText'
  | 'startAudio'
  | 'registerTool'
  | 'getTranscript'
  | 'connectionState'
  | 'agentState'
>;

/** What the UI shows, replaced (never mutated) on every change. */
export interface SessionSnapshot {
  connection: ConnectionState;
  agentState: AgentState;
  /** One entry per segment, in arrival order; a growing segment is replaced in place. */
  transcript: readonly TranscriptEntry[];
  /** Microphone level 0–1. */
  inputLevel: number;
  /** Assistant audio level 0–1. */
  outputLevel: number;
  /** The latest error, cleared when a new start begins. */
  error: VoiceSessionError | null;
  muted: boolean;
  /** The browser blocked the assistant's audio: call `startAudio()` from a click. */
  audioBlocked: boolean;
  /** The microphone delivers only silence. */
  micSilent: boolean;
  /** Why the last session ended, or null while none has. */
  endedReason: EndReason | null;
}

// Levels arrive about ten times a second; changes below this are not worth a render.
const LEVEL_STEP = 0.02;

/** Keeps the snapshot of one session up to date while attached. */
export class SessionStore {
  readonly #session: VoiceSessionLike;
  readonly #listeners = new Set<() => void>();
  #snapshot: SessionSnapshot;
  #detach: (() => void) | undefined;

  constructor(session: VoiceSessionLike) {
    this.#session = session;
    this.#snapshot = {
      connection: session.connectionState,
      agentState: session.agentState,
      transcript: session.getTranscript(),
      inputLevel: 0,
      outputLevel: 0,
      error: null,
      muted: false,
      audioBlocked: false,
      micSilent: false,
      endedReason: null,
    };
  }

  /** The current snapshot (the same object until something changes). */
  readonly getSnapshot = (): SessionSnapshot => this.#snapshot;

  /** Subscribes a change listener; the session's events are followed while anyone listens. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#detach = this.#attach();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) {
        this.#detach?.();
        this.#detach = undefined;
      }
    };
  };

  /** Records that a start is beginning: the previous error and ending no longer apply. */
  beginStart(): void {
    this.#set({ error: null, endedReason: null, micSilent: false });
  }

  /** Shows an error a method threw without emitting it (e.g. `sendText` while not connected). */
  reportError(error: unknown): void {
    const shown = error instanceof VoiceSessionError ? error : new VoiceSessionError('NETWORK', 'The message could not be sent.', { cause: error });
    this.#set({ error: shown });
  }

  #set(patch: Partial<SessionSnapshot>): void {
    const current = this.#snapshot;
    const changed = (Object.keys(patch) as Array<keyof SessionSnapshot>).some((key) => patch[key] !== current[key]);
    if (!changed) return;
    this.#snapshot = { ...current, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #attach(): () => void {
    const session = this.#session;
    const offs: Array<() => void> = [];
    const listen = <E extends keyof VoiceSessionEvents>(event: E, handler: VoiceSessionEvents[E]) => {
      // eventemitter3's mapped listener type does not narrow through a generic key; the map's entry is exact.
      const listener = handler as never;
      session.on(event, listener);
      offs.push(() => session.off(event, listener));
    };
    // Events may have fired while nobody listened (before mount, or between StrictMode's double effects).
    this.#set({ connection: session.connectionState, agentState: session.agentState, transcript: session.getTranscript() });
    listen('connection_state', (connection) => {
      // A new conversation starts with an empty transcript.
      this.#set(connection === 'connecting' ? { connection, transcript: [] } : { connection });
    });
    listen('agent_state', (agentState) => this.#set({ agentState }));
    listen('transcript', (entry) => {
      const list = this.#snapshot.transcript;
      const at = list.findIndex((e) => e.id === entry.id);
      this.#set({ transcript: at === -1 ? [...list, entry] : list.map((e, i) => (i === at ? entry : e)) });
    });
    listen('input_level', (level) => this.#setLevel('inputLevel', level));
    listen('output_level', (level) => this.#setLevel('outputLevel', level));
    listen('mic_muted', (muted) => this.#set({ muted }));
    listen('mic_silent', () => this.#set({ micSilent: true }));
    listen('audio_blocked', () => this.#set({ audioBlocked: true }));
    listen('audio_unblocked', () => this.#set({ audioBlocked: false }));
    listen('error', (error) => this.#set({ error }));
    listen('ended', ({ reason }) => this.#set({ endedReason: reason, inputLevel: 0, outputLevel: 0, audioBlocked: false }));
    return () => {
      for (const off of offs) off();
    };
  }

  #setLevel(key: 'inputLevel' | 'outputLevel', level: number): void {
    if (level === 0 || Math.abs(level - this.#snapshot[key]) >= LEVEL_STEP) this.#set({ [key]: level });
  }
}
