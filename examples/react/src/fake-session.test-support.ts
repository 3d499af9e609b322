/**
 * A stand-in for `VoiceSession` in the hook's tests: the same methods and events, driven by hand, with
 * a record of the calls it received.
 */
import { VoiceSessionError, type AgentState, type ConnectionState, type ToolHandler, type TranscriptEntry, type VoiceSessionEvents } from '@voice-session/web';
import type { VoiceSessionLike } from './session-store.js';

type Listener = (...args: never[]) => void;

/** A hand-driven session; `emit` plays the SDK's events. */
export class FakeSession {
  readonly calls: string[] = [];
  connectionState: ConnectionState = 'idle';
  agentState: AgentState = 'initializing';
  /** When set, the next `start()` fails with it (and emits it as the SDK does). */
  failNextStart: VoiceSessionError | undefined;
  readonly #listeners = new Map<string, Set<Listener>>();

  /** How many listeners are attached, over every event. */
  get listenerCount(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  on(event: string, listener: Listener): this {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  emit<E extends keyof VoiceSessionEvents>(event: E, ...args: Parameters<VoiceSessionEvents[E]>): void {
    if (event === 'connection_state') this.connectionState = args[0] as ConnectionState;
    if (event === 'agent_state') this.agentState = args[0] as AgentState;
    for (const listener of this.#listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  async start(options?: { microphone?: boolean }): Promise<void> {
    this.calls.push(`start:${String(options?.microphone)}`);
    const failure = this.failNextStart;
    this.failNextStart = undefined;
    if (failure) {
      this.emit('error', failure);
      throw failure;
    }
    this.emit('connection_state', 'connecting');
    this.emit('connection_state', 'connected');
  }

  async stop(): Promise<void> {
    this.calls.push('stop');
    if (this.connectionState !== 'idle' && this.connectionState !== 'disconnected') {
      this.emit('connection_state', 'disconnected');
      this.emit('ended', { reason: 'user' });
    }
  }

  async setMicrophoneMuted(muted: boolean): Promise<void> {
    this.calls.push(`mute:${muted}`);
    this.emit('mic_muted', muted);
  }

  async sendText(text: string): Promise<void> {
    this.calls.push(`send:${text}`);
    if (this.connectionState !== 'connected') throw new VoiceSessionError('NOT_CONNECTED', 'Not connected.');
  }

  async startAudio(): Promise<void> {
    this.calls.push('startAudio');
    this.emit('audio_unblocked');
  }

  /** Registered tools by name, as the SDK would call them over RPC. */
  readonly tools = new Map<string, ToolHandler>();

  registerTool(name: string, handler: ToolHandler): () => void {
    this.calls.push(`registerTool:${name}`);
    this.tools.set(name, handler);
    return () => {
      if (this.tools.get(name) === handler) this.tools.delete(name);
    };
  }

  getTranscript(): TranscriptEntry[] {
    return [];
  }

  /** This fake typed as what the hook accepts. */
  asSession(): VoiceSessionLike {
    return this as unknown as VoiceSessionLike;
  }
}
