/**
 * The quickstart page: one VoiceSession minted lazily from this example's token server (`POST /session`),
 * with live transcript, agent state, level meters, mute, typed messages, device pickers, the
 * autoplay-blocked prompt and every error as a sentence.
 */
import { VoiceSession, VoiceSessionError, type AgentState, type ConnectionState } from '@voice-session/web';
import { DevicePickers } from './device-pickers.js';
import { describeError } from './error-messages.js';
import { TranscriptView } from './transcript-view.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const talk = $<HTMLButtonElement>('talk');
const talkLabel = talk.querySelector<HTMLElement>('.talk-label')!;
const mute = $<HTMLButtonElement>('mute');
const stateBadge = $<HTMLElement>('agent-state');
const stateText = stateBadge.querySelector<HTMLElement>('.state-text')!;
const errorBox = $<HTMLElement>('error');
const audioBlocked = $<HTMLElement>('audio-blocked');
const micLevel = $<HTMLElement>('mic-level');
const agentLevel = $<HTMLElement>('agent-level');
const composer = $<HTMLFormElement>('composer');
const message = $<HTMLInputElement>('message');
const send = $<HTMLButtonElement>('send');
const transcript = new TranscriptView($<HTMLOListElement>('transcript'), $<HTMLElement>('transcript-empty'));

const session = new VoiceSession({ tokenEndpoint: '/session' });
const pickers = new DevicePickers(session, $('input-device'), $('output-device'), showError);

// The demo agent calls this tool when asked about the weather, and speaks the answer.
session.registerTool('get_weather', async () => {
  // "Europe/Paris" names a place; "UTC" or "Etc/GMT+1" does not.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const place = zone.includes('/') && !zone.startsWith('Etc/') ? zone.split('/').pop()!.replace(/_/g, ' ') : 'your area';
  return { summary: `sunny and 22 degrees in ${place}` };
});

const AGENT_LABELS: Record<AgentState, string> = {
  initializing: 'Assistant joining…',
  listening: 'Listening',
  thinking: 'Thinking…',
  speaking: 'Speaking',
  idle: 'Connected',
};
let connection: ConnectionState = 'idle';

function showState(label: string, state: string): void {
  stateText.textContent = label;
  stateBadge.dataset.state = state;
}

function showLevel(meter: HTMLElement, level: number): void {
  meter.style.setProperty('--value', String(level));
  meter.setAttribute('aria-valuenow', String(Math.round(level * 100)));
}

// The silent-microphone hint goes away by itself as soon as the microphone delivers sound.
let micSilentShown = false;

function showError(error: unknown): void {
  micSilentShown = false;
  errorBox.textContent = error instanceof VoiceSessionError ? describeError(error) : 'Something went wrong. Please try again.';
  errorBox.hidden = false;
}

function render(): void {
  const live = connection === 'connecting' || connection === 'connected' || connection === 'reconnecting';
  talk.setAttribute('aria-pressed', String(live));
  talk.setAttribute('aria-busy', String(connection === 'connecting'));
  talkLabel.textContent = live ? 'End' : 'Talk';
  talk.setAttribute('aria-label', live ? 'End the conversation' : 'Start talking to the assistant');
  mute.disabled = connection !== 'connected';
  message.disabled = send.disabled = connection !== 'connected';
  if (connection === 'connecting') showState('Connecting…', 'connecting');
  else if (connection === 'reconnecting') showState('Reconnecting…', 'connecting');
  else if (!live) showState('Ready', 'idle');
}

session.on('connection_state', (state) => {
  connection = state;
  render();
  if (state === 'connected') showState(AGENT_LABELS[session.agentState], session.agentState);
});
session.on('agent_state', (state) => {
  if (connection === 'connected') showState(AGENT_LABELS[state], state);
});
session.on('transcript', (entry) => transcript.upsert(entry));
session.on('input_level', (level) => {
  showLevel(micLevel, level);
  talk.style.setProperty('--level', String(level));
  if (micSilentShown && level > 0.05) {
    micSilentShown = false;
    errorBox.hidden = true;
  }
});
session.on('output_level', (level) => showLevel(agentLevel, level));
session.on('mic_muted', (muted) => {
  mute.setAttribute('aria-pressed', String(muted));
  mute.textContent = muted ? 'Unmute microphone' : 'Mute microphone';
});
session.on('mic_silent', () => {
  errorBox.textContent = 'Your microphone seems silent. Check that it is not muted, or pick another under “Audio devices”.';
  errorBox.hidden = false;
  micSilentShown = true;
});
session.on('audio_blocked', () => (audioBlocked.hidden = false));
session.on('audio_unblocked', () => (audioBlocked.hidden = true));
session.on('error', showError);
session.on('ended', () => {
  showLevel(micLevel, 0);
  showLevel(agentLevel, 0);
  void pickers.refresh();
});

talk.addEventListener('click', () => {
  if (connection === 'idle' || connection === 'disconnected') {
    errorBox.hidden = true;
    transcript.clear();
    session.start({ microphone: true }).then(() => pickers.refresh(), () => {
      // The `error` event already showed why.
    });
  } else {
    void session.stop();
  }
});
mute.addEventListener('click', () => {
  session.setMicrophoneMuted(mute.getAttribute('aria-pressed') !== 'true').catch(showError);
});
$<HTMLButtonElement>('enable-audio').addEventListener('click', () => {
  session.startAudio().catch(showError);
});
composer.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = message.value.trim();
  if (!text) return;
  message.value = '';
  session.sendText(text).catch(showError);
});

const support = VoiceSession.checkSupport();
if (!support.supported) showError(new VoiceSessionError('UNSUPPORTED_BROWSER', 'unsupported'));
fetch('/config.json')
  .then((r): Promise<{ label?: string }> | { label?: string } => (r.ok ? r.json() : {}))
  .then((config) => {
    if (config.label) $('backend-label').textContent = config.label;
  })
  .catch(() => undefined);
void pickers.refresh();
render();

// Handy in the browser console and for the end-to-end tests.
Object.assign(window, { voiceSession: session });
