/**
 * A page that uses the web SDK's built IIFE bundle the way a site would: a `VoiceSession` fed by
 * the site's token endpoint, a registered tool, and a log of everything the SDK emitted.
 */

/** Runs before any page script: remembers every track getUserMedia hands out, so a test can see they all ended. */
export const TRACK_RECORDER_INIT = String.raw`
(() => {
  window.__capturedTracks = [];
  const devices = navigator.mediaDevices;
  if (!devices || !devices.getUserMedia) return;
  const original = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    window.__capturedTracks.push(...stream.getTracks());
    return stream;
  };
})();
`;

/** The page's script; `window.VoiceSessionSDK` comes from the SDK bundle. */
export const SDK_PAGE_SCRIPT = String.raw`
(() => {
  window.startVoice = async (options) => {
    const { VoiceSession } = window.VoiceSessionSDK;
    const session = new VoiceSession(options.credentials || { tokenEndpoint: '/api/voice/session' });
    const log = { connection: [], agent: [], transcripts: {}, order: [], audibleOutput: 0, ended: [], errors: [], toolCalls: [] };
    session.on('connection_state', (state) => log.connection.push(state));
    session.on('agent_state', (state) => log.agent.push(state));
    session.on('transcript', (entry) => {
      if (!log.transcripts[entry.id]) log.order.push(entry.id);
      log.transcripts[entry.id] = { ...entry };
    });
    session.on('output_level', (level) => { if (level > 0.01) log.audibleOutput++; });
    session.on('ended', (info) => log.ended.push(info.reason));
    session.on('error', (error) => log.errors.push({ code: error.code, message: error.message }));
    session.registerTool('get_weather', async (params) => {
      log.toolCalls.push(params);
      return 'sunny and 21 degrees';
    });
    window.session = session;
    window.voiceLog = log;
    try {
      await session.start({ microphone: options.microphone !== false });
      return { ok: true };
    } catch (error) {
      return { ok: false, code: error.code, message: error.message };
    }
  };
  window.transcripts = () => window.voiceLog.order.map((id) => window.voiceLog.transcripts[id]);
  window.localTracksEnded = () => window.__capturedTracks.length > 0 && window.__capturedTracks.every((t) => t.readyState === 'ended');
})();
`;

/** The site's page: the SDK bundle, then the page script. */
export const SDK_PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>voice-session e2e</title></head>
<body><script src="/voice-session.iife.js"></script><script src="/page.js"></script></body></html>`;
