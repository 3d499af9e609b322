import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VoiceSessionWidget, defineVoiceSessionWidget } from '../src/widget/index.js';
import { createFakeRuntime, makeToken, type FakeRuntime } from './fake-livekit.js';
import { startTokenServer, type TokenServer } from './helpers.js';

let fake: FakeRuntime;
let server: TokenServer;
let widget: VoiceSessionWidget;

beforeAll(() => defineVoiceSessionWidget());
beforeEach(async () => {
  fake = createFakeRuntime();
  server = await startTokenServer(() => makeToken());
  widget = document.createElement('voice-session-widget') as VoiceSessionWidget;
  widget.setAttribute('endpoint', server.url);
  widget.options = { loadRuntime: fake.load };
  document.body.append(widget);
});
afterEach(async () => {
  widget.remove();
  await widget.session.stop();
  await server.close();
});

const part = (selector: string) => widget.shadowRoot!.querySelector<HTMLElement>(selector)!;

describe('<voice-session-widget>', () => {
  it('renders an accessible talk button in shadow DOM, themeable through CSS custom properties', () => {
    expect(widget).toBeInstanceOf(VoiceSessionWidget);
    const talk = part('.talk');
    expect(talk.tagName).toBe('BUTTON');
    expect(talk.getAttribute('aria-label')).toBe('Talk to the assistant');
    expect(part('.bubble').getAttribute('aria-live')).toBe('polite');
    const css = part('style').textContent!;
    expect(css).toContain('var(--vs-accent');
    // Isolated: the page's document has no widget styles or buttons.
    expect(document.querySelector('button')).toBeNull();
    defineVoiceSessionWidget(); // a second definition is a no-op, not an error
  });

  it('mints from its endpoint only when clicked, then shows state, transcript and mute', async () => {
    expect(server.requests).toHaveLength(0);
    await widget.toggle();
    expect(server.requests).toHaveLength(1);
    const talk = part('.talk');
    expect(talk.dataset.state).toBe('connected');
    expect(talk.getAttribute('aria-label')).toBe('End the conversation');
    expect(part('.mute').hidden).toBe(false);

    const room = fake.rooms[0]!;
    const agent = room.addAgent('listening');
    expect(talk.textContent).toBe('Listening');
    room.setAttributes(agent, { 'lk.agent.state': 'speaking' });
    expect(talk.textContent).toBe('Speaking');

    const stream = room.openStream('lk.transcription', { 'lk.segment_id': 'SG_1', 'lk.transcribed_track_id': 'TR_agent_audio' }, agent.identity);
    stream.push('Hi! How can I help?');
    stream.end({ 'lk.transcription_final': 'true' });
    await expect.poll(() => part('.bubble').textContent).toBe('Hi! How can I help?');
    expect(part('.bubble').hidden).toBe(false);

    part('.mute').click();
    await expect.poll(() => part('.mute').getAttribute('aria-pressed')).toBe('true');
    expect(fake.mics[0]!.muted).toBe(true);

    await widget.toggle();
    expect(talk.dataset.state).toBe('disconnected');
    expect(talk.textContent).toBe('Talk');
    expect(part('.mute').hidden).toBe(true);
    expect(fake.mics[0]!.stopped).toBe(true);
  });

  it('shows a human sentence for an error and unlocks blocked audio from a tap on the bubble', async () => {
    fake.micError = new DOMException('denied', 'NotAllowedError');
    await widget.toggle();
    expect(part('.bubble').textContent).toBe('Please allow microphone access to talk.');

    fake.micError = undefined;
    fake.configureRoom = (room) => {
      room.canPlaybackAudio = false;
    };
    await widget.toggle();
    expect(part('.bubble').textContent).toBe('Tap here to hear the assistant.');
    part('.bubble').click();
    await expect.poll(() => fake.rooms[1]!.startAudioCalls).toBe(1);
  });

  it('re-dispatches connection state, agent state and transcript entries as DOM events', async () => {
    const seen: Array<[string, unknown]> = [];
    for (const type of ['connection-state', 'agent-state', 'transcript']) {
      widget.addEventListener(type, (event) => seen.push([type, (event as CustomEvent).detail]));
    }
    await widget.toggle();
    const room = fake.rooms[0]!;
    const agent = room.addAgent('listening');
    room.setAttributes(agent, { 'lk.agent.state': 'thinking' });
    const stream = room.openStream('lk.transcription', { 'lk.segment_id': 'SG_9', 'lk.transcribed_track_id': 'TR_agent_audio' }, agent.identity);
    stream.push('Hello');
    stream.end({ 'lk.transcription_final': 'true' });
    await expect.poll(() => seen.some(([type, detail]) => type === 'transcript' && (detail as { final: boolean }).final)).toBe(true);

    expect(seen.filter(([type]) => type === 'connection-state').map(([, d]) => d)).toEqual(['connecting', 'connected']);
    expect(seen.filter(([type]) => type === 'agent-state').map(([, d]) => d)).toEqual(['listening', 'thinking']);
    expect(seen.filter(([type]) => type === 'transcript').at(-1)![1]).toEqual({ id: 'SG_9', role: 'assistant', text: 'Hello', final: true });
  });

  it('stops the session and releases the microphone when removed from the page', async () => {
    await widget.toggle();
    widget.remove();
    await expect.poll(() => fake.mics[0]!.stopped).toBe(true);
    expect(widget.session.connectionState).toBe('disconnected');
  });
});
