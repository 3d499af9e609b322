/**
 * `useVoiceSession`: a voice conversation with the assistant as React state and callbacks, on the
 * `@voice-session/web` SDK.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { VoiceSession, type ToolHandler, type VoiceSessionOptions } from '@voice-session/web';
import { SessionStore, type SessionSnapshot, type VoiceSessionLike } from './session-store.js';

/** SDK options (a token endpoint, or fixed `{url, token}`), or a session you built yourself. */
export type UseVoiceSessionOptions = VoiceSessionOptions | { session: VoiceSessionLike };

/** Page functions the assistant may call mid-conversation (LiveKit RPC), by name. */
export type VoiceTools = Readonly<Record<string, ToolHandler>>;

/** What {@link useVoiceSession} returns: the session's state and the controls. */
export interface VoiceSessionControls extends SessionSnapshot {
  /** Whether a conversation is starting or running (the Talk button then reads End). */
  active: boolean;
  /** Starts talking; never rejects: a failure lands in `error`. */
  start(): Promise<void>;
  /** Ends the conversation and releases the microphone. */
  stop(): Promise<void>;
  setMuted(muted: boolean): Promise<void>;
  /** Sends typed text to the assistant; a failure (e.g. not connected) lands in `error`. */
  sendText(text: string): Promise<void>;
  /** Unlocks the assistant's audio after the browser blocked it; call from a click. */
  startAudio(): Promise<void>;
  /** The underlying session, e.g. for `registerTool` or device selection. */
  session: VoiceSessionLike;
}

const NO_TOOLS: VoiceTools = {};

/**
 * Holds one voice session for the component's lifetime. The options are read on the first render
 * only (the SDK mints a token lazily inside `start()`, so creating the session costs nothing); give
 * the component a new `key` to start over with other options. Unmounting stops the session.
 *
 * `tools` lets the assistant call functions of the page while it talks (see `VoiceSession.registerTool`).
 *
 * @example
 * function Talk() {
 *   const voice = useVoiceSession({ tokenEndpoint: '/session' });
 *   return <button onClick={voice.active ? voice.stop : voice.start}>{voice.active ? 'End' : 'Talk'}</button>;
 * }
 */
export function useVoiceSession(options: UseVoiceSessionOptions, tools: VoiceTools = NO_TOOLS): VoiceSessionControls {
  const [session] = useState<VoiceSessionLike>(() => ('session' in options ? options.session : new VoiceSession(options)));
  const [store] = useState(() => new SessionStore(session));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  // Tools are registered by name; each call reaches the handler of the latest render, so an inline
  // `tools` object does not re-register on every render.
  const latestTools = useRef(tools);
  latestTools.current = tools;
  const toolNames = Object.keys(tools).sort().join('\n');
  useEffect(() => {
    if (!toolNames) return;
    const unregister = toolNames.split('\n').map((name) =>
      session.registerTool(name, (params, context) => {
        const handler = latestTools.current[name];
        if (!handler) throw new Error(`The page no longer offers the tool ${name}.`);
        return handler(params, context);
      }),
    );
    return () => unregister.forEach((off) => off());
  }, [session, toolNames]);

  // Stop on unmount only: StrictMode's rehearsal unmount stops an idle session, which is a no-op.
  useEffect(() => () => void session.stop(), [session]);

  const start = useCallback(async () => {
    store.beginStart();
    // The SDK also emits the error, which the store shows; the rejection itself carries nothing more.
    await session.start({ microphone: true }).catch(() => undefined);
  }, [session, store]);
  const stop = useCallback(() => session.stop(), [session]);
  const setMuted = useCallback((muted: boolean) => session.setMicrophoneMuted(muted), [session]);
  const sendText = useCallback(
    async (text: string) => {
      await session.sendText(text).catch((error: unknown) => store.reportError(error));
    },
    [session, store],
  );
  const startAudio = useCallback(() => session.startAudio(), [session]);

  const active = snapshot.connection === 'connecting' || snapshot.connection === 'connected' || snapshot.connection === 'reconnecting';
  return useMemo(
    () => ({ ...snapshot, active, start, stop, setMuted, sendText, startAudio, session }),
    [snapshot, active, start, stop, setMuted, sendText, startAudio, session],
  );
}
