import type { VoiceSessionError } from '../errors.js';
import type { AgentState, TranscriptEntry } from '../events.js';
import { VoiceSession, type VoiceSessionTuning } from '../voice-session.js';
import { WIDGET_CSS } from './widget-styles.js';
import { WIDGET_HTML } from './widget-template.js';

// The bubble keeps the last few segments: enough to read the exchange, small enough not to cover the page.
const MAX_LINES = 4;

const AGENT_LABELS: Record<AgentState, string> = {
  initializing: 'Connecting…',
  idle: 'Connected',
  listening: 'Listening',
  thinking: 'Thinking…',
  speaking: 'Speaking',
};

// What a visitor reads for each error code; developers get the code and message on the `error` event.
const ERROR_SENTENCES: Partial<Record<VoiceSessionError['code'], string>> = {
  MIC_PERMISSION_DENIED: 'Please allow microphone access to talk.',
  MIC_NOT_FOUND: 'No microphone was found.',
  MIC_IN_USE: 'Your microphone is used by another app.',
  UNSUPPORTED_BROWSER: 'This browser cannot do voice calls.',
  AGENT_JOIN_TIMEOUT: 'The assistant is not available right now.',
  TOKEN_ENDPOINT_FAILED: 'Voice is busy right now. Please try again shortly.',
};

/**
 * `<voice-session-widget endpoint="/session">`: a floating talk button with the assistant's state, the
 * latest transcript lines in a bubble, and a mute button. Styles live in shadow DOM; theme it with the CSS
 * custom properties listed in {@link WIDGET_CSS}. The `session` it drives emits every SDK event; the element
 * also dispatches DOM `CustomEvent`s `transcript` (detail: the entry), `agent-state` and `connection-state`
 * (detail: the state), so a page can listen without scripting the session.
 *
 * @example
 * <script src="voice-session-widget.iife.js"></script>
 * <voice-session-widget endpoint="/api/voice/session"></voice-session-widget>
 */
export class VoiceSessionWidget extends HTMLElement {
  /** Extra session options (for example `agentJoinTimeoutMs`); set before the first click. */
  options: VoiceSessionTuning = {};
  #session: VoiceSession | undefined;
  readonly #talk: HTMLButtonElement;
  readonly #label: HTMLElement;
  readonly #mute: HTMLButtonElement;
  readonly #bubble: HTMLElement;
  #blocked = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${WIDGET_CSS}</style>${WIDGET_HTML}`;
    this.#bubble = root.querySelector('.bubble')!;
    this.#mute = root.querySelector('.mute')!;
    this.#talk = root.querySelector('.talk')!;
    this.#label = root.querySelector('.label')!;
    this.#talk.onclick = () => this.toggle();
    this.#mute.onclick = () => void this.#session?.setMicrophoneMuted(this.#mute.getAttribute('aria-pressed') != 'true');
    // Tapping the bubble while audio is blocked is the user gesture that unlocks playback.
    this.#bubble.onclick = () => this.#blocked && void this.#session?.startAudio();
  }

  /** The session behind the widget, created on first use from the `endpoint` attribute. */
  get session(): VoiceSession {
    return (this.#session ??= this.#createSession());
  }

  /** Starts the conversation, or ends it when one is running. */
  async toggle(): Promise<void> {
    const session = this.session;
    if (/^(idle|disconnected)$/.test(session.connectionState)) await session.start().catch(() => undefined);
    else await session.stop();
  }

  disconnectedCallback(): void {
    // Leaving the page's DOM must not leave the microphone on.
    void this.#session?.stop();
  }

  #createSession(): VoiceSession {
    const session = new VoiceSession({ tokenEndpoint: this.getAttribute('endpoint') ?? '/session', ...this.options });
    const label = (text: string) => (this.#label.textContent = text);
    const emit = (type: string, detail: unknown) => this.dispatchEvent(new CustomEvent(type, { detail }));
    session.on('connection_state', (state) => {
      this.#talk.dataset.state = state;
      this.#talk.dataset.agent = session.agentState;
      const live = state == 'connected' || state == 'reconnecting';
      this.#mute.hidden = !live;
      this.#talk.setAttribute('aria-label', live ? 'End the conversation' : 'Talk to the assistant');
      label(state == 'connecting' ? 'Connecting…' : state == 'reconnecting' ? 'Reconnecting…' : live ? AGENT_LABELS[session.agentState] : 'Talk');
      if (state == 'connecting') this.#say('');
      emit('connection-state', state);
    });
    session.on('agent_state', (state) => {
      this.#talk.dataset.agent = state;
      if (session.connectionState == 'connected') label(AGENT_LABELS[state]);
      emit('agent-state', state);
    });
    session.on('transcript', (entry) => {
      this.#line(entry);
      emit('transcript', entry);
    });
    session.on('mic_muted', (muted) => {
      this.#mute.setAttribute('aria-pressed', String(muted));
      this.#mute.lastChild!.textContent = muted ? 'Unmute' : 'Mute';
    });
    session.on('audio_blocked', () => {
      this.#blocked = true;
      this.#say('Tap here to hear the assistant.');
    });
    session.on('audio_unblocked', () => {
      this.#blocked = false;
      this.#bubble.querySelector('.note')?.remove();
      this.#bubble.hidden = !this.#bubble.firstChild;
    });
    session.on('error', (error) => this.#say(ERROR_SENTENCES[error.code] ?? 'The call could not continue. Please try again.'));
    return session;
  }

  /** Replaces the bubble with one notice (an error, the autoplay prompt), or hides it for `''`. */
  #say(text: string): void {
    this.#bubble.replaceChildren();
    if (text) this.#bubble.append(this.#element('note', text));
    this.#bubble.hidden = !text;
  }

  /** Shows a transcript segment, updating its line in place while it grows. */
  #line(entry: TranscriptEntry): void {
    const bubble = this.#bubble;
    // An error notice gives way to the conversation; the autoplay prompt stays until audio plays.
    if (!this.#blocked) bubble.querySelector('.note')?.remove();
    let line = [...bubble.children].find((child) => (child as HTMLElement).dataset.id == entry.id) as HTMLElement | undefined;
    if (!line) {
      line = this.#element(entry.role, '');
      line.dataset.id = entry.id;
      bubble.append(line);
      while (bubble.children.length > MAX_LINES) bubble.firstElementChild!.remove();
    }
    line.dataset.final = String(entry.final);
    // Screen readers hear who spoke; sighted visitors see it from the side the line sits on.
    line.replaceChildren(...(entry.role == 'user' ? [this.#element('who', 'You said: ', 'span')] : []), entry.text);
    bubble.hidden = false;
  }

  #element(cls: string, text: string, tag = 'p'): HTMLElement {
    const el = document.createElement(tag);
    el.className = cls;
    el.textContent = text;
    return el;
  }
}

/** Registers the element under `tag` (default `voice-session-widget`) once. */
export function defineVoiceSessionWidget(tag = 'voice-session-widget'): void {
  if (!customElements.get(tag)) customElements.define(tag, class extends VoiceSessionWidget {});
}
