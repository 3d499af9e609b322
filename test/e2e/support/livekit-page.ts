/**
 * A test page driving raw livekit-client: connects with a token, records what a voice UI would
 * see (participants, agent state attribute, transcripts, RPC calls, disconnects) on `window.lk`,
 * and measures the agent's received audio energy from WebRTC stats.
 */

/** The page's script; it expects `window.LivekitClient` (see livekit-bundle.ts). */
export const LIVEKIT_PAGE_SCRIPT = String.raw`
(() => {
  const { Room, RoomEvent, ConnectionState } = window.LivekitClient;
  const lk = {
    room: null,
    events: [],
    transcripts: [],
    chats: [],
    agentTrack: null,
    rpcAnswer: 'sunny, 21 degrees',
    async connect(url, token) {
      const room = new Room();
      lk.room = room;
      room.on(RoomEvent.ParticipantAttributesChanged, (changed, p) => {
        lk.events.push({ type: 'attributes', identity: p.identity, attributes: { ...p.attributes } });
      });
      room.on(RoomEvent.ConnectionStateChanged, (state) => lk.events.push({ type: 'connection', state }));
      room.on(RoomEvent.Disconnected, (reason) => lk.events.push({ type: 'disconnected', reason }));
      room.on(RoomEvent.LocalTrackSubscribed, (pub) => lk.events.push({ type: 'localTrackSubscribed', sid: pub.trackSid }));
      room.on(RoomEvent.TrackSubscribed, (track, pub, p) => {
        lk.events.push({ type: 'subscribed', identity: p.identity, name: pub.trackName, sid: pub.trackSid });
        if (track.kind === 'audio') {
          lk.agentTrack = track;
          document.body.appendChild(track.attach());
        }
      });
      room.registerTextStreamHandler('lk.transcription', async (reader, from) => {
        const text = await reader.readAll();
        lk.transcripts.push({ identity: from.identity, attributes: { ...reader.info.attributes }, text });
      });
      room.registerRpcMethod('getWeather', async (data) => {
        lk.events.push({ type: 'rpc', payload: data.payload, caller: data.callerIdentity });
        return lk.rpcAnswer;
      });
      try {
        await room.connect(url, token);
      } catch (e) {
        return { error: { name: e.name, message: e.message, reason: e.reason, status: e.status } };
      }
      return lk.snapshot();
    },
    snapshot() {
      const room = lk.room;
      return {
        state: room.state,
        localIdentity: room.localParticipant.identity,
        remote: [...room.remoteParticipants.values()].map((p) => ({
          identity: p.identity,
          sid: p.sid,
          kind: p.kind,
          attributes: { ...p.attributes },
          tracks: [...p.trackPublications.values()].map((t) => ({ sid: t.trackSid, name: t.trackName, kind: t.kind, source: t.source })),
        })),
      };
    },
    async enableMicrophone() {
      const pub = await lk.room.localParticipant.setMicrophoneEnabled(true);
      return pub ? pub.trackSid : null;
    },
    async agentAudioEnergy() {
      const track = lk.agentTrack;
      if (!track || !track.receiver) return 0;
      const stats = await track.receiver.getStats();
      let energy = 0;
      stats.forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'audio') energy = s.totalAudioEnergy || 0; });
      return energy;
    },
    sendChat(text) {
      return lk.room.localParticipant.sendText(text, { topic: 'lk.chat' }).then(() => true);
    },
    async disconnect() {
      await lk.room.disconnect();
      return lk.room.state;
    },
  };
  window.lk = lk;
})();
`;

/** The page's HTML: livekit-client, then the harness. */
export const LIVEKIT_PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>livekit test page</title></head>
<body><script src="/livekit-client.js"></script><script src="/harness.js"></script></body></html>`;
