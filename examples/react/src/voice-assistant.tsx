/**
 * `<VoiceAssistant endpoint="/session" />`: a complete talk-to-the-assistant panel on
 * {@link useVoiceSession}: Talk/End, the assistant's state, a live transcript, level meters, mute,
 * a text box, the autoplay prompt and errors as sentences.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AgentState, ConnectionState } from '@voice-session/web';
import { errorText } from './error-text.js';
import { useVoiceSession, type UseVoiceSessionOptions, type VoiceTools } from './use-voice-session.js';

/** Props of {@link VoiceAssistant}. */
export interface VoiceAssistantProps {
  /** Your backend's token endpoint (e.g. `@voice-session/server`'s router at `/session`). */
  endpoint?: string;
  /** Or a full hook configuration (a session you built, fixed credentials…); wins over `endpoint`. */
  options?: UseVoiceSessionOptions;
  /** Heading of the panel. */
  title?: string;
  /** Page functions the assistant may call while it talks, by name. */
  tools?: VoiceTools;
}

const AGENT_LABELS: Record<AgentState, string> = {
  initializing: 'Assistant joining…',
  listening: 'Listening',
  thinking: 'Thinking…',
  speaking: 'Speaking',
  idle: 'Connected',
};

function stateLabel(connection: ConnectionState, agent: AgentState): [label: string, tone: string] {
  if (connection === 'connecting') return ['Connecting…', 'connecting'];
  if (connection === 'reconnecting') return ['Reconnecting…', 'connecting'];
  if (connection === 'connected') return [AGENT_LABELS[agent], agent];
  return ['Ready', 'idle'];
}

/**
 * A voice assistant panel for any React app.
 *
 * @example
 * <VoiceAssistant endpoint="/session" title="Ask our assistant" />
 */
export function VoiceAssistant({ endpoint = '/session', options, title = 'Talk to the assistant', tools }: VoiceAssistantProps) {
  const voice = useVoiceSession(options ?? { tokenEndpoint: endpoint }, tools);
  const [draft, setDraft] = useState('');
  const transcriptRef = useRef<HTMLOListElement>(null);
  const [label, tone] = stateLabel(voice.connection, voice.agentState);
  const connected = voice.connection === 'connected';

  useEffect(() => {
    const list = transcriptRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [voice.transcript]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    void voice.sendText(text);
  };

  return (
    <section className="va" aria-label={title}>
      <header className="va-head">
        <h1>{title}</h1>
        <span className="va-state" data-state={tone} role="status" aria-live="polite">
          <span className="va-dot" aria-hidden="true" />
          {label}
        </span>
      </header>

      {voice.audioBlocked && (
        <p className="va-notice">
          Your browser paused the assistant&apos;s voice.{' '}
          <button type="button" className="va-link" onClick={() => void voice.startAudio()}>
            Turn sound on
          </button>
        </p>
      )}
      {voice.error && (
        <p className="va-notice va-error" role="alert">
          {errorText(voice.error)}
        </p>
      )}
      {voice.micSilent && !voice.error && <p className="va-notice">Your microphone seems silent. Check that it is not muted.</p>}

      <div className="va-controls">
        <button
          type="button"
          className="va-talk"
          aria-pressed={voice.active}
          aria-busy={voice.connection === 'connecting'}
          aria-label={voice.active ? 'End the conversation' : 'Start talking to the assistant'}
          onClick={() => void (voice.active ? voice.stop() : voice.start())}
        >
          {voice.active ? 'End' : 'Talk'}
        </button>
        <div className="va-meters">
          <label>
            You <meter min={0} max={1} value={voice.inputLevel} aria-label="Microphone level" />
          </label>
          <label>
            Assistant <meter min={0} max={1} value={voice.outputLevel} aria-label="Assistant audio level" />
          </label>
        </div>
        <button type="button" className="va-secondary" aria-pressed={voice.muted} disabled={!connected} onClick={() => void voice.setMuted(!voice.muted)}>
          {voice.muted ? 'Unmute microphone' : 'Mute microphone'}
        </button>
      </div>

      <ol className="va-transcript" ref={transcriptRef} aria-live="polite" aria-label="Transcript">
        {voice.transcript.length === 0 && <li className="va-empty">Press Talk and say hello. The conversation appears here.</li>}
        {voice.transcript.map((entry) => (
          <li key={entry.id} className={`va-bubble ${entry.role}${entry.final ? '' : ' partial'}`} data-final={entry.final}>
            <span className="va-who">{entry.role === 'assistant' ? 'Assistant' : 'You'}</span>
            <span className="va-text">{entry.text}</span>
          </li>
        ))}
      </ol>

      <form className="va-composer" onSubmit={submit} autoComplete="off">
        <label htmlFor="va-message" className="va-hidden">
          Type a message
        </label>
        <input id="va-message" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Type a message…" maxLength={2000} disabled={!connected} />
        <button type="submit" className="va-secondary" disabled={!connected || draft.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
