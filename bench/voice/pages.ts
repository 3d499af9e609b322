/**
 * The two pages the voice benchmark compares. Both load the same audio probe
 * (test/e2e/support/audio-probe.ts), so both are timed by the same yardstick.
 */

/** The SDK page: `runVoice()` starts a session and marks `start` and `listening`. */
export const SDK_BENCH_SCRIPT = String.raw`
window.runVoice = async () => {
  const { VoiceSession } = window.VoiceSessionSDK;
  const session = new VoiceSession({ tokenEndpoint: '/api/voice/session' });
  window.session = session;
  session.on('agent_state', (state) => { if (state === 'listening') probe.mark('listening'); });
  session.on('transcript', (e) => { if (e.role === 'assistant' && e.final) probe.mark('reply' + Object.keys(probe.marks).filter((k) => k.startsWith('reply')).length); });
  probe.start();
  probe.mark('start');
  await session.start({ microphone: true });
  probe.mark('started');
};
window.stopVoice = () => window.session.stop();
`;

/** The raw livekit-client page: the same steps done by hand (token fetch, connect, microphone). */
export const RAW_BENCH_SCRIPT = String.raw`
window.runVoice = async () => {
  const { Room, RoomEvent } = window.LivekitClient;
  probe.start();
  probe.mark('start');
  const response = await fetch('/api/voice/session', { method: 'POST' });
  const { url, token } = await response.json();
  const room = new Room({ adaptiveStream: false, dynacast: false });
  window.room = room;
  const watch = (p) => { if (p.attributes && p.attributes['lk.agent.state'] === 'listening') probe.mark('listening'); };
  room.on(RoomEvent.ParticipantAttributesChanged, (_changed, p) => watch(p));
  room.on(RoomEvent.ParticipantConnected, (p) => watch(p));
  room.on(RoomEvent.TrackSubscribed, (track) => { if (track.kind === 'audio') document.body.appendChild(track.attach()); });
  await room.connect(url, token);
  for (const p of room.remoteParticipants.values()) watch(p);
  await room.localParticipant.setMicrophoneEnabled(true);
  probe.mark('started');
};
window.stopVoice = () => window.room.disconnect();
`;

export const SDK_BENCH_HTML = `<!doctype html><html><body><script src="/voice-session.iife.js"></script><script src="/page.js"></script></body></html>`;
export const RAW_BENCH_HTML = `<!doctype html><html><body><script src="/livekit-client.js"></script><script src="/raw.js"></script></body></html>`;
