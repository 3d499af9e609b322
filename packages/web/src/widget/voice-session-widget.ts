import type { VoiceSessionError } from '../errors.js';
import type { AgentState } from '../events.js';
import { VoiceSession, type VoiceSessionTuning } from '../voice-session.js';
import { WIDGET_CSS } from './widget-styles.js';

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
 * latest transcript line in a bubble, and a mute button. Styles live in shadow DOM; theme it with the CSS
 * custom properties listed in {@link WIDGET_CSS}. The `session` it drives emits every SDK event.
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
  readonly #mute: HTMLButtonElement;
  readonly #bubble: HTMLElement;
  #blocked = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML =
      `<style>${WIDGET_CSS}</style><div class="bubble" role="status" aria-live="polite" hidden></div>` +
      `<div class="row"><button class="mute" aria-pressed="false" hidden>Mute</button>` +
      `<button class="talk" data-state="idle" aria-label="Talk to the assistant">Talk</button></div>`;
    this.#bubble = root.querySelector('.bubble')!;
    this.#mute = root.querySelector('.mute')!;
    this.#talk = root.querySelector('.talk')!;
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
    const label = (text: string) => (this.#talk.textContent = text);
    session.on('connection_state', (state) => {
      this.#talk.dataset.state = state;
      const live = state == 'connected' || state == 'reconnecting';
      this.#mute.hidden = !live;
      this.#talk.setAttribute('aria-label', live ? 'End the conversation' : 'Talk to the assistant');
      label(state == 'connecting' ? 'Connecting…' : state == 'reconnecting' ? 'Reconnecting…' : live ? AGENT_LABELS[session.agentState] : 'Talk');
      if (state == 'connecting') this.#say('');
    });
    session.on('agent_state', (state) => session.connectionState == 'connected' && label(AGENT_LABELS[state]));
    session.on('transcript', (entry) => this.#say(entry.role == 'user' ? `You: ${entry.text}` : entry.text));
    session.on('mic_muted', (muted) => {
      this.#mute.setAttribute('aria-pressed', String(muted));
      this.#mute.textContent = muted ? 'Unmute' : 'Mute';
    });
    session.on('audio_blocked', () => {
      this.#blocked = true;
      this.#say('Tap here to hear the assistant.');
    });
    session.on('audio_unblocked', () => (this.#blocked = false));
    session.on('error', (error) => this.#say(ERROR_SENTENCES[error.code] ?? 'The call could not continue. Please try again.'));
    return session;
  }

  #say(text: string): void {
    this.#bubble.textContent = text;
    this.#bubble.hidden = !text;
  }
}

/** Registers the element under `tag` (default `voice-session-widget`) once. */
export function defineVoiceSessionWidget(tag = 'voice-session-widget'): void {
  if (!customElements.get(tag)) customElements.define(tag, class extends VoiceSessionWidget {});
}
