import { act, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VoiceSessionError } from '@voice-session/web';
import { FakeSession } from './fake-session.test-support.js';
import { useVoiceSession, type VoiceSessionControls } from './use-voice-session.js';
import { VoiceAssistant } from './voice-assistant.js';

beforeAll(() => {
  // Tells React this is a test environment where updates are wrapped in act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const mounted: Array<{ root: Root; container: HTMLElement }> = [];

async function render(node: ReactNode): Promise<{ root: Root; container: HTMLElement }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(node));
  const handle = { root, container };
  mounted.push(handle);
  return handle;
}

async function unmount(handle: { root: Root; container: HTMLElement }): Promise<void> {
  await act(async () => handle.root.unmount());
  handle.container.remove();
  mounted.splice(mounted.indexOf(handle), 1);
}

afterEach(async () => {
  for (const handle of [...mounted]) await unmount(handle);
});

/** Renders the hook on `fake` and returns a getter of its latest result. */
async function renderHook(fake: FakeSession, strict = false) {
  const result: { current?: VoiceSessionControls } = {};
  function Probe() {
    result.current = useVoiceSession({ session: fake.asSession() });
    return null;
  }
  const handle = await render(strict ? <StrictMode><Probe /></StrictMode> : <Probe />);
  return { get: () => result.current!, handle };
}

describe('useVoiceSession', () => {
  it('follows the connection and agent state the session reports', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake);
    expect(hook.get().connection).toBe('idle');
    expect(hook.get().active).toBe(false);

    await act(async () => hook.get().start());
    expect(fake.calls).toEqual(['start:true']);
    expect(hook.get().connection).toBe('connected');
    expect(hook.get().active).toBe(true);

    await act(async () => fake.emit('agent_state', 'speaking'));
    expect(hook.get().agentState).toBe('speaking');
  });

  it('updates a transcript segment in place and keeps segments in arrival order', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake);
    await act(async () => {
      fake.emit('transcript', { id: 'a', role: 'assistant', text: 'Hello', final: false });
      fake.emit('transcript', { id: 'u', role: 'user', text: 'hi', final: false });
      fake.emit('transcript', { id: 'a', role: 'assistant', text: 'Hello there.', final: true });
    });
    expect(hook.get().transcript).toEqual([
      { id: 'a', role: 'assistant', text: 'Hello there.', final: true },
      { id: 'u', role: 'user', text: 'hi', final: false },
    ]);
  });

  it('clears the transcript when a new conversation starts connecting', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake);
    await act(async () => fake.emit('transcript', { id: 'old', role: 'user', text: 'earlier', final: true }));
    await act(async () => hook.get().start());
    expect(hook.get().transcript).toEqual([]);
  });

  it('shows a failed start as an error without rejecting, and clears it on the next start', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake);
    fake.failNextStart = new VoiceSessionError('MIC_PERMISSION_DENIED', 'Permission denied.');
    await act(async () => expect(hook.get().start()).resolves.toBeUndefined());
    expect(hook.get().error?.code).toBe('MIC_PERMISSION_DENIED');
    expect(hook.get().active).toBe(false);

    await act(async () => hook.get().start());
    expect(hook.get().error).toBeNull();
    expect(hook.get().connection).toBe('connected');
  });

  it('reports sendText while not connected as NOT_CONNECTED', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake);
    await act(async () => hook.get().sendText('hello'));
    expect(fake.calls).toEqual(['send:hello']);
    expect(hook.get().error?.code).toBe('NOT_CONNECTED');
  });

  it('tracks levels, mute and blocked audio, and resets levels when the session ends', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake);
    await act(async () => hook.get().start());
    await act(async () => {
      fake.emit('input_level', 0.4);
      fake.emit('output_level', 0.7);
      fake.emit('audio_blocked');
    });
    expect(hook.get()).toMatchObject({ inputLevel: 0.4, outputLevel: 0.7, audioBlocked: true });

    await act(async () => hook.get().setMuted(true));
    expect(hook.get().muted).toBe(true);
    await act(async () => hook.get().startAudio());
    expect(hook.get().audioBlocked).toBe(false);

    await act(async () => fake.emit('ended', { reason: 'agent' }));
    expect(hook.get()).toMatchObject({ inputLevel: 0, outputLevel: 0, endedReason: 'agent' });
  });

  it('renders again for a level change only when the change is visible', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake);
    await act(async () => fake.emit('input_level', 0.5));
    const before = hook.get();
    await act(async () => fake.emit('input_level', 0.505));
    expect(hook.get()).toBe(before);
    await act(async () => fake.emit('input_level', 0.6));
    expect(hook.get().inputLevel).toBe(0.6);
  });

  it('registers tools once, calls the latest handler, and unregisters them on unmount', async () => {
    const fake = new FakeSession();
    const result: { current?: VoiceSessionControls } = {};
    function Probe({ unit }: { unit: string }) {
      result.current = useVoiceSession({ session: fake.asSession() }, { get_weather: () => ({ summary: `22 ${unit}` }) });
      return null;
    }
    const handle = await render(<Probe unit="C" />);
    await act(async () => handle.root.render(<Probe unit="F" />));
    expect(fake.calls.filter((c) => c.startsWith('registerTool'))).toEqual(['registerTool:get_weather']);
    const context = { signal: new AbortController().signal } as Parameters<NonNullable<ReturnType<typeof fake.tools.get>>>[1];
    expect(await fake.tools.get('get_weather')!({}, context)).toEqual({ summary: '22 F' });

    await unmount(handle);
    expect(fake.tools.size).toBe(0);
  });

  it('stops the session and detaches every listener on unmount, also under StrictMode', async () => {
    const fake = new FakeSession();
    const hook = await renderHook(fake, true);
    await act(async () => hook.get().start());
    expect(fake.listenerCount).toBeGreaterThan(0);
    // StrictMode's rehearsal unmount stopped the idle session once; that must not have ended anything.
    expect(hook.get().connection).toBe('connected');

    await unmount(hook.handle);
    expect(fake.calls.at(-1)).toBe('stop');
    expect(fake.connectionState).toBe('disconnected');
    expect(fake.listenerCount).toBe(0);
  });
});

describe('<VoiceAssistant>', () => {
  it('renders the conversation as bubbles and the Talk button as End while connected', async () => {
    const fake = new FakeSession();
    const { container } = await render(<VoiceAssistant options={{ session: fake.asSession() }} />);
    const talk = container.querySelector<HTMLButtonElement>('.va-talk')!;
    expect(talk.textContent).toBe('Talk');
    expect(container.querySelector<HTMLInputElement>('#va-message')!.disabled).toBe(true);

    await act(async () => talk.click());
    expect(talk.textContent).toBe('End');
    expect(talk.getAttribute('aria-label')).toBe('End the conversation');
    await act(async () => {
      fake.emit('agent_state', 'listening');
      fake.emit('transcript', { id: 'g', role: 'assistant', text: 'Hello! How can I help?', final: true });
      fake.emit('transcript', { id: 'u', role: 'user', text: 'what is the weath', final: false });
    });
    const bubbles = [...container.querySelectorAll('.va-bubble')].map((b) => `${b.className}|${b.querySelector('.va-text')!.textContent}`);
    expect(bubbles).toEqual(['va-bubble assistant|Hello! How can I help?', 'va-bubble user partial|what is the weath']);
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Listening');
    expect(container.querySelector<HTMLInputElement>('#va-message')!.disabled).toBe(false);

    await act(async () => talk.click());
    expect(fake.calls).toEqual(['start:true', 'stop']);
    expect(talk.textContent).toBe('Talk');
  });

  it('shows an SDK error as a sentence a visitor can act on', async () => {
    const fake = new FakeSession();
    fake.failNextStart = new VoiceSessionError('MIC_NOT_FOUND', 'Requested device not found');
    const { container } = await render(<VoiceAssistant options={{ session: fake.asSession() }} />);
    await act(async () => container.querySelector<HTMLButtonElement>('.va-talk')!.click());
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('No microphone was found. Plug one in, then press Talk again.');
  });
});
