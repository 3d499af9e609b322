/**
 * An in-page audio probe: watches every RTCPeerConnection the page creates (whatever library made
 * it) and, once started, samples the microphone's and the received audio's levels from WebRTC stats
 * every 20 ms into `probe.samples` as `[time, mic level, received level]`.
 */

/** Runs before any page script: `window.probe`. */
export const AUDIO_PROBE_INIT = String.raw`
(() => {
  const peers = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Native(...args);
    peers.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
  Object.setPrototypeOf(window.RTCPeerConnection, Native);
  const probe = { samples: [], marks: {}, timer: null };
  probe.mark = (name) => { if (!(name in probe.marks)) probe.marks[name] = performance.now(); };
  probe.start = () => {
    probe.timer = setInterval(async () => {
      let agent = 0;
      let mic = 0;
      for (const pc of peers) {
        if (pc.connectionState === 'closed') continue;
        const stats = await pc.getStats();
        stats.forEach((s) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') agent = Math.max(agent, s.audioLevel || 0);
          if (s.type === 'media-source' && s.kind === 'audio') mic = Math.max(mic, s.audioLevel || 0);
        });
      }
      const t = performance.now();
      probe.samples.push([t, mic, agent]);
      if (agent > 0.01) probe.mark('firstAgentAudio');
    }, 20);
  };
  probe.stop = () => clearInterval(probe.timer);
  /** Total energy of all received audio so far (WebRTC stats), 0 when nothing audible arrived. */
  probe.inboundEnergy = async () => {
    let energy = 0;
    for (const pc of peers) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'audio') energy += s.totalAudioEnergy || 0; });
    }
    return energy;
  };
  window.probe = probe;
})();
`;
