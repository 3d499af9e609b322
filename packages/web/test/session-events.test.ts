import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VoiceSession, type TranscriptEntry, type VoiceSessionError } from '../src/index.js';
import {
  DisconnectReason,
  ParticipantKind,
  RoomEvent,
  createFakeRuntime,
  makeToken,
  nextEvent,
  type FakeRoom,
  type FakeRuntime,
} from './fake-livekit.js';

let fake: FakeRuntime;
let session: VoiceSession;
let room: FakeRoom;

beforeEach(async () => {
  fake = createFakeRuntime();
  session = new VoiceSession({ url: 'wss://media.example.test', token: makeToken(), loadRuntime: fake.load });
  await session.start();
  room = fake.rooms[0]!;
});
afterEach(() => session.stop());

const USER_TRACK = 'TR_user_mic'; // the sid FakeLocalParticipant.publishTrack assigns
const AGENT_TRACK = 'TR_agent_audio';

function transcripts(): TranscriptEntry[] {
  const seen: TranscriptEntry[] = [];
  session.on('transcript', (entry) => seen.push(entry));
  return seen;
}

/** Resolves once the session emitted a transcript entry matching `predicate`. */
function transcriptWhere(predicate: (e: TranscriptEntry) => boolean): Promise<TranscriptEntry> {
  return new Promise((resolve) => {
    const listener = (entry: TranscriptEntry) => {
      if (!predicate(entry)) return;
      session.off('transcript', listener);
      resolve(entry);
    };
    session.on('transcript', listener);
  });
}

describe('transcripts', () => {
  it('merges an agent segment sent as deltas into one entry with the full text so far', async () => {
    const agent = room.addAgent('speaking');
    const seen = transcripts();
    const stream = room.openStream(
      'lk.transcription',
      { 'lk.segment_id': 'SG_1', 'lk.transcribed_track_id': AGENT_TRACK, 'lk.transcription_final': 'false' },
      agent.identity,
    );
    stream.push('Hello');
    await transcriptWhere((e) => e.text === 'Hello');
    stream.push(', how can');
    stream.push(' I help?');
    await transcriptWhere((e) => e.text === 'Hello, how can I help?');
    stream.end({ 'lk.transcription_final': 'true' });
    await transcriptWhere((e) => e.final);
    expect(seen).toEqual([
      { id: 'SG_1', role: 'assistant', text: 'Hello', final: false },
      { id: 'SG_1', role: 'assistant', text: 'Hello, how can', final: false },
      { id: 'SG_1', role: 'assistant', text: 'Hello, how can I help?', final: false },
      { id: 'SG_1', role: 'assistant', text: 'Hello, how can I help?', final: true },
    ]);
    expect(session.getTranscript()).toEqual([{ id: 'SG_1', role: 'assistant', text: 'Hello, how can I help?', final: true }]);
  });

  it('replaces a user segment with each full-text update sent on behalf of the user by the agent identity', async () => {
    const agent = room.addAgent('listening');
    const attributes = (final: boolean) => ({
      'lk.segment_id': 'SG_u1',
      'lk.transcribed_track_id': USER_TRACK,
      'lk.transcription_final': String(final),
    });
    const first = room.openStream('lk.transcription', attributes(false), agent.identity);
    first.push('what time');
    first.end();
    await transcriptWhere((e) => e.text === 'what time');
    const second = room.openStream('lk.transcription', attributes(false), agent.identity);
    second.push('what time is it');
    second.end();
    await transcriptWhere((e) => e.text === 'what time is it');
    const last = room.openStream('lk.transcription', attributes(true), agent.identity);
    last.push('what time is it');
    last.end();
    await transcriptWhere((e) => e.final);
    expect(session.getTranscript()).toEqual([{ id: 'SG_u1', role: 'user', text: 'what time is it', final: true }]);
  });

  it('attributes roles from lk.transcribed_track_id, never from the sender', async () => {
    const agent = room.addAgent('listening');
    // User speech transcribed by the agent, sent under the agent's identity.
    const user = room.openStream('lk.transcription', { 'lk.segment_id': 'SG_a', 'lk.transcribed_track_id': USER_TRACK }, agent.identity);
    user.push('hi');
    user.end({ 'lk.transcription_final': 'true' });
    // Agent speech relayed under the user's identity would still be the assistant's.
    const bot = room.openStream('lk.transcription', { 'lk.segment_id': 'SG_b', 'lk.transcribed_track_id': AGENT_TRACK }, 'user-1');
    bot.push('hello');
    bot.end({ 'lk.transcription_final': 'true' });
    await transcriptWhere((e) => e.id === 'SG_b' && e.final);
    expect(session.getTranscript().map(({ id, role }) => [id, role])).toEqual([
      ['SG_a', 'user'],
      ['SG_b', 'assistant'],
    ]);
  });

  it('keeps interleaved segments apart and in first-seen order', async () => {
    const agent = room.addAgent('speaking');
    const a = room.openStream('lk.transcription', { 'lk.segment_id': 'SG_1', 'lk.transcribed_track_id': AGENT_TRACK }, agent.identity);
    const b = room.openStream('lk.transcription', { 'lk.segment_id': 'SG_2', 'lk.transcribed_track_id': USER_TRACK }, agent.identity);
    a.push('one ');
    b.push('stop');
    a.push('two');
    b.end({ 'lk.transcription_final': 'true' });
    a.end({ 'lk.transcription_final': 'true' });
    await transcriptWhere((e) => e.id === 'SG_1' && e.final);
    expect(session.getTranscript()).toEqual([
      { id: 'SG_1', role: 'assistant', text: 'one two', final: true },
      { id: 'SG_2', role: 'user', text: 'stop', final: true },
    ]);
  });

  it('starts a new call with an empty transcript', async () => {
    const agent = room.addAgent();
    const s = room.openStream('lk.transcription', { 'lk.segment_id': 'SG_1', 'lk.transcribed_track_id': AGENT_TRACK }, agent.identity);
    s.push('x');
    s.end();
    await transcriptWhere((e) => e.text === 'x');
    await session.stop();
    expect(session.getTranscript()).toHaveLength(1);
    await session.start();
    expect(session.getTranscript()).toEqual([]);
    await session.stop();
  });
});

describe('agent state', () => {
  it('follows the agent participant lk.agent.state attribute', async () => {
    const states: string[] = [];
    session.on('agent_state', (state) => states.push(state));
    const agent = room.addAgent('initializing');
    for (const state of ['listening', 'thinking', 'speaking', 'listening']) {
      room.setAttributes(agent, { 'lk.agent.state': state });
    }
    room.setAttributes(agent, { 'lk.agent.state': 'pondering' }); // unknown: ignored
    room.setAttributes(agent, { other: 'x' }); // state unchanged: no event
    expect(states).toEqual(['listening', 'thinking', 'speaking', 'listening']);
    expect(session.agentState).toBe('listening');
  });

  it('ignores lk.agent.state on participants that are not of kind AGENT', async () => {
    const states: string[] = [];
    session.on('agent_state', (state) => states.push(state));
    const impostor = room.addAgent('speaking', ParticipantKind.STANDARD);
    room.setAttributes(impostor, { 'lk.agent.state': 'thinking' });
    expect(states).toEqual([]);
  });
});

describe('connection and audio events', () => {
  it('reports reconnecting and connected again', async () => {
    const states: string[] = [];
    session.on('connection_state', (state) => states.push(state));
    room.emit(RoomEvent.Reconnecting);
    room.emit(RoomEvent.Reconnected);
    room.emit(RoomEvent.SignalReconnecting);
    room.emit(RoomEvent.Reconnected);
    expect(states).toEqual(['reconnecting', 'connected', 'reconnecting', 'connected']);
  });

  it('maps audio playback status to audio_blocked / audio_unblocked', async () => {
    const events: string[] = [];
    session.on('audio_blocked', () => events.push('blocked'));
    session.on('audio_unblocked', () => events.push('unblocked'));
    room.setPlayback(false);
    room.setPlayback(true);
    expect(events).toEqual(['blocked', 'unblocked']);
  });

  it('reports mic_silent when livekit detects a silent microphone', async () => {
    const silent = nextEvent(session, 'mic_silent');
    room.emit(RoomEvent.LocalAudioSilenceDetected, room.localParticipant.trackPublications.get(USER_TRACK));
    await expect(silent).resolves.toEqual([]);
  });

  it("plays the agent's audio through an element in the document and removes it on stop", async () => {
    room.addAgent('speaking');
    const elements = document.querySelectorAll('audio');
    expect(elements).toHaveLength(1);
    await session.stop();
    expect(document.querySelectorAll('audio')).toHaveLength(0);
  });
});

describe('ended reasons', () => {
  it.each([
    [DisconnectReason.ROOM_DELETED, 'server', undefined],
    [DisconnectReason.PARTICIPANT_REMOVED, 'server', undefined],
    [DisconnectReason.SERVER_SHUTDOWN, 'server', undefined],
    [DisconnectReason.ROOM_CLOSED, 'server', undefined],
    [DisconnectReason.DUPLICATE_IDENTITY, 'server', undefined],
    [DisconnectReason.CLIENT_INITIATED, 'user', undefined],
    [DisconnectReason.AGENT_ERROR, 'error', 'AGENT_ERROR'],
    [DisconnectReason.SIGNAL_CLOSE, 'error', 'NETWORK'],
    [DisconnectReason.JOIN_FAILURE, 'error', 'NETWORK'],
    [DisconnectReason.CONNECTION_TIMEOUT, 'error', 'NETWORK'],
    [undefined, 'error', 'NETWORK'],
  ])('maps a server disconnect with reason %s to ended %s (error %s)', async (reason, ended, code) => {
    const errors: VoiceSessionError[] = [];
    session.on('error', (e) => errors.push(e));
    const done = nextEvent<[{ reason: string }]>(session, 'ended');
    room.serverDisconnect(reason as DisconnectReason);
    expect((await done)[0]).toEqual({ reason: ended });
    expect(errors.map((e) => e.code)).toEqual(code ? [code] : []);
    expect(session.connectionState).toBe('disconnected');
    expect(fake.mics[0]!.stopped).toBe(true);
    expect(room.totalListeners()).toBe(0);
  });

  it('ends with reason agent when the agent leaves, and with AGENT_ERROR when it failed', async () => {
    const agent = room.addAgent('listening');
    const done = nextEvent<[{ reason: string }]>(session, 'ended');
    room.removeParticipant(agent, DisconnectReason.CLIENT_INITIATED);
    expect((await done)[0]).toEqual({ reason: 'agent' });
    expect(room.disconnectCalls).toBe(1);

    await session.start();
    const second = fake.rooms[1]!;
    const failing = second.addAgent('thinking');
    const errors: string[] = [];
    session.on('error', (e) => errors.push(e.code));
    const failed = nextEvent<[{ reason: string }]>(session, 'ended');
    second.removeParticipant(failing, DisconnectReason.AGENT_ERROR);
    expect((await failed)[0]).toEqual({ reason: 'error' });
    expect(errors).toEqual(['AGENT_ERROR']);
  });

  it('ignores other participants leaving', async () => {
    room.addAgent('listening');
    const visitor = room.addAgent('listening', ParticipantKind.STANDARD);
    room.removeParticipant(visitor);
    expect(session.connectionState).toBe('connected');
    await session.stop();
  });
});
