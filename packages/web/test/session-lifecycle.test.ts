import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VoiceSession, VoiceSessionError, type VoiceSessionOptions } from '../src/index.js';
import { createFakeRuntime, makeToken, nextEvent, type FakeRuntime } from './fake-livekit.js';
import { startTokenServer, type TokenServer } from './helpers.js';

let fake: FakeRuntime;
let server: TokenServer;

beforeEach(async () => {
  fake = createFakeRuntime();
  server = await startTokenServer(() => makeToken());
});
afterEach(() => server.close());

const withEndpoint = (extra: Partial<VoiceSessionOptions> = {}) =>
  new VoiceSession({ tokenEndpoint: server.url, loadRuntime: fake.load, ...extra } as VoiceSessionOptions);
const withToken = (token = makeToken(), extra: Partial<VoiceSessionOptions> = {}) =>
  new VoiceSession({ url: 'wss://media.example.test', token, loadRuntime: fake.load, ...extra } as VoiceSessionOptions);

/** Records every event a session emits, in order. */
function record(session: VoiceSession): Array<[string, unknown]> {
  const log: Array<[string, unknown]> = [];
  for (const event of ['connection_state', 'agent_state', 'error', 'ended', 'mic_muted'] as const) {
    session.on(event, (value: unknown) => log.push([event, value]));
  }
  return log;
}

async function expectRejectCode(promise: Promise<unknown>, code: string): Promise<VoiceSessionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoiceSessionError);
  expect((error as VoiceSessionError).code).toBe(code);
  return error as VoiceSessionError;
}

describe('token minting', () => {
  it('mints nothing at construction and mints inside start() with the server package response', async () => {
    const session = withEndpoint();
    expect(server.requests).toHaveLength(0);
    expect(fake.loads).toBe(0);
    await session.start();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('POST');
    const room = fake.rooms[0]!;
    expect(room.connectedWith?.url).toBe('wss://media.example.test');
    expect(room.connectedWith?.token.split('.')).toHaveLength(3);
    expect(session.connectionState).toBe('connected');
    await session.stop();
  });

  it("accepts LiveKit's {server_url, participant_token} response", async () => {
    const token = makeToken();
    server.respond = (_req, res) => res.end(JSON.stringify({ server_url: 'wss://lk.example.test', participant_token: token }));
    const session = withEndpoint();
    await session.start();
    expect(fake.rooms[0]!.connectedWith).toEqual({ url: 'wss://lk.example.test', token });
    await session.stop();
  });

  it('mints a fresh token for every new start', async () => {
    const session = withEndpoint();
    await session.start();
    await session.stop();
    await session.start();
    await session.stop();
    expect(server.requests).toHaveLength(2);
    expect(fake.rooms).toHaveLength(2);
    expect(fake.rooms[0]!.connectedWith!.token).not.toBe(fake.rooms[1]!.connectedWith!.token);
  });

  it('passes fetchOptions through to the endpoint', async () => {
    const session = withEndpoint({
      fetchOptions: { headers: { 'content-type': 'application/json', 'x-page': 'pricing' }, body: '{"alias":"sales"}' },
    });
    await session.start();
    expect(server.requests[0]!.headers['x-page']).toBe('pricing');
    expect(server.requests[0]!.body).toBe('{"alias":"sales"}');
    await session.stop();
  });

  it.each([
    [429, true],
    [503, true],
    [403, false],
  ])('reports TOKEN_ENDPOINT_FAILED with status %i (recoverable %s) and ends with error', async (status, recoverable) => {
    server.respond = (_req, res) => {
      res.statusCode = status;
      res.end('{"success":false,"error":"no","error_code":"CONCURRENT_LIMIT"}');
    };
    const session = withEndpoint();
    const log = record(session);
    const error = await expectRejectCode(session.start(), 'TOKEN_ENDPOINT_FAILED');
    expect(error.status).toBe(status);
    expect(error.recoverable).toBe(recoverable);
    expect(log).toContainEqual(['error', error]);
    expect(log.at(-1)).toEqual(['ended', { reason: 'error' }]);
    expect(fake.mics[0]!.stopped).toBe(true);
    expect(fake.rooms[0]!.connectedWith).toBeUndefined();
  });

  it('reports TOKEN_ENDPOINT_FAILED when the endpoint answers without url and token', async () => {
    server.respond = (_req, res) => res.end('{"id":"x"}');
    await expectRejectCode(withEndpoint().start(), 'TOKEN_ENDPOINT_FAILED');
  });

  it('reports TOKEN_EXPIRED before connecting when the JWT exp has passed, and ends as expired', async () => {
    const session = withToken(makeToken(Math.floor(Date.now() / 1000) - 5));
    const log = record(session);
    const error = await expectRejectCode(session.start(), 'TOKEN_EXPIRED');
    expect(error.recoverable).toBe(false);
    expect(fake.rooms[0]?.connectedWith).toBeUndefined();
    expect(log.at(-1)).toEqual(['ended', { reason: 'expired' }]);
  });

  it('reports TOKEN_EXPIRED as recoverable when an endpoint can mint a new token', async () => {
    server.respond = (_req, res) =>
      res.end(JSON.stringify({ url: 'wss://m', token: makeToken(Math.floor(Date.now() / 1000) - 1) }));
    const error = await expectRejectCode(withEndpoint().start(), 'TOKEN_EXPIRED');
    expect(error.recoverable).toBe(true);
  });

  it('reports TOKEN_INVALID for a token that is not a JWT', async () => {
    await expectRejectCode(withToken('not-a-jwt').start(), 'TOKEN_INVALID');
  });
});

describe('connect failures', () => {
  const connectError = (status: number | undefined, message: string) =>
    Object.assign(new Error(message), { name: 'ConnectionError', status, reason: status ? 0 : 1 });

  it('maps a 401 from the media server to TOKEN_INVALID even though livekit also emits disconnected', async () => {
    fake.configureRoom = (room) => {
      room.connectImpl = async () => {
        room.serverDisconnect(7); // JOIN_FAILURE, emitted by livekit before the connect promise rejects
        throw connectError(401, 'invalid token: signature is invalid');
      };
    };
    const session = withToken();
    const log = record(session);
    const error = await expectRejectCode(session.start(), 'TOKEN_INVALID');
    expect(error.status).toBe(401);
    expect(log.filter(([e]) => e === 'error')).toEqual([['error', error]]);
    expect(log.at(-1)).toEqual(['ended', { reason: 'error' }]);
  });

  it('maps a 401 saying the token expired to TOKEN_EXPIRED', async () => {
    fake.configureRoom = (room) => {
      room.connectImpl = async () => {
        throw connectError(401, 'validation failed, token is expired (exp)');
      };
    };
    const session = withToken();
    const log = record(session);
    await expectRejectCode(session.start(), 'TOKEN_EXPIRED');
    expect(log.at(-1)).toEqual(['ended', { reason: 'expired' }]);
  });

  it('maps an unreachable server to a recoverable NETWORK error', async () => {
    fake.configureRoom = (room) => {
      room.connectImpl = async () => {
        throw connectError(undefined, 'could not establish signal connection');
      };
    };
    const error = await expectRejectCode(withToken().start(), 'NETWORK');
    expect(error.recoverable).toBe(true);
  });
});

describe('microphone', () => {
  it.each([
    ['NotAllowedError', 'MIC_PERMISSION_DENIED'],
    ['SecurityError', 'MIC_PERMISSION_DENIED'],
    ['NotFoundError', 'MIC_NOT_FOUND'],
    ['OverconstrainedError', 'MIC_NOT_FOUND'],
    ['NotReadableError', 'MIC_IN_USE'],
    ['AbortError', 'MIC_IN_USE'],
  ])('maps getUserMedia %s to %s and releases the room', async (name, code) => {
    fake.micError = new DOMException('denied', name);
    const session = withToken();
    const log = record(session);
    const error = await expectRejectCode(session.start(), code);
    expect(error.cause).toBe(fake.micError);
    const room = fake.rooms[0]!;
    expect(room.disconnectCalls).toBe(1);
    expect(room.totalListeners()).toBe(0);
    expect(log.at(-1)).toEqual(['ended', { reason: 'error' }]);
  });

  it('opens the microphone while signalling is still in progress and publishes it with the pre-connect buffer', async () => {
    let finishConnect!: () => void;
    fake.configureRoom = (room) => {
      room.connectImpl = () => new Promise<void>((resolve) => (finishConnect = resolve));
    };
    const session = withToken();
    const started = session.start();
    await expect.poll(() => fake.mics.length).toBe(1);
    expect(fake.rooms[0]!.localParticipant.published).toBeUndefined();
    finishConnect();
    await started;
    const local = fake.rooms[0]!.localParticipant;
    expect(local.published).toBe(fake.mics[0]);
    expect(local.publishOptions).toEqual({ preConnectBuffer: true });
    await session.stop();
  });

  it('starts without a microphone when asked', async () => {
    const session = withToken();
    await session.start({ microphone: false });
    expect(fake.mics).toHaveLength(0);
    expect(session.connectionState).toBe('connected');
    await session.stop();
  });

  it('applies a mute set before start, and mutes and unmutes mid-call with mic_muted events', async () => {
    const session = withToken();
    const log = record(session);
    await session.setMicrophoneMuted(true);
    await session.start();
    const mic = fake.mics[0]!;
    expect(mic.muted).toBe(true);
    await session.setMicrophoneMuted(false);
    expect(mic.muted).toBe(false);
    await session.setMicrophoneMuted(false); // no change, no event
    expect(log.filter(([e]) => e === 'mic_muted')).toEqual([
      ['mic_muted', true],
      ['mic_muted', false],
    ]);
    await session.stop();
  });

  it('uses a chosen input device as a preference and hot-swaps it mid-call without exact', async () => {
    const session = withToken();
    await session.setInputDevice('mic-a');
    await session.setOutputDevice('spk-a');
    await session.start();
    expect(fake.mics[0]!.options).toEqual({ deviceId: 'mic-a' });
    const room = fake.rooms[0]!;
    expect(room.options.outputDeviceId).toBe('spk-a');
    await session.setInputDevice('mic-b');
    await session.setOutputDevice('spk-b');
    expect(room.switched).toEqual([
      ['audioinput', 'mic-b', false],
      ['audiooutput', 'spk-b', false],
    ]);
    await session.stop();
  });

  it('reports DEVICE_ERROR when switching fails', async () => {
    const session = withToken();
    await session.start();
    fake.rooms[0]!.switchActiveDevice = async () => {
      throw new Error('cannot switch audio output, the current browser does not support it');
    };
    await expectRejectCode(session.setOutputDevice('spk'), 'DEVICE_ERROR');
    await session.stop();
  });
});

describe('stop()', () => {
  it('does nothing when idle', async () => {
    const session = withToken();
    const log = record(session);
    await session.stop();
    await session.stop();
    expect(log).toEqual([]);
    expect(session.connectionState).toBe('idle');
  });

  it('releases the mic, every room listener, stream handler and tool when connected', async () => {
    const session = withToken();
    session.registerTool('lookup', () => 'ok');
    const log = record(session);
    await session.start();
    const room = fake.rooms[0]!;
    expect(room.totalListeners()).toBeGreaterThan(0);
    expect(room.textHandlers.size).toBe(1);
    expect(room.rpcHandlers.size).toBe(1);
    await session.stop();
    expect(fake.mics[0]!.stopped).toBe(true);
    expect(fake.mics[0]!.mediaStreamTrack.readyState).toBe('ended');
    expect(room.totalListeners()).toBe(0);
    expect(room.textHandlers.size).toBe(0);
    expect(room.rpcHandlers.size).toBe(0);
    expect(room.disconnectCalls).toBe(1);
    expect(log.slice(-2)).toEqual([
      ['connection_state', 'disconnected'],
      ['ended', { reason: 'user' }],
    ]);
  });

  it('is idempotent: concurrent and repeated stops end the session once', async () => {
    const session = withToken();
    const log = record(session);
    await session.start();
    await Promise.all([session.stop(), session.stop()]);
    await session.stop();
    expect(log.filter(([e]) => e === 'ended')).toHaveLength(1);
    expect(fake.rooms[0]!.disconnectCalls).toBe(1);
  });

  it('cancels a start that is still minting, without connecting', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const defaultRespond = server.respond;
    server.respond = async (req, res) => {
      await held;
      await defaultRespond(req, res);
    };
    const session = withEndpoint();
    const log = record(session);
    const started = session.start();
    await expect.poll(() => server.requests.length).toBe(1);
    await session.stop();
    await expectRejectCode(started, 'ABORTED');
    release();
    expect(fake.rooms[0]?.connectedWith).toBeUndefined();
    expect(log.filter(([e]) => e === 'error')).toEqual([]);
    expect(log.at(-1)).toEqual(['ended', { reason: 'user' }]);
    expect(fake.mics.every((m) => m.stopped)).toBe(true);
  });

  it('returns at once while the permission prompt is open and stops the mic when it arrives later', async () => {
    let grant!: () => void;
    fake.micGate = new Promise<void>((resolve) => (grant = resolve));
    const session = withToken();
    const started = session.start();
    await expect.poll(() => fake.rooms.length).toBe(1);
    await session.stop();
    await expectRejectCode(started, 'ABORTED');
    expect(fake.rooms[0]!.totalListeners()).toBe(0);
    grant();
    await expect.poll(() => fake.mics[0]?.stopped).toBe(true);
  });

  it('cancels a start that is still connecting and releases everything', async () => {
    fake.configureRoom = (room) => {
      room.connectImpl = () => new Promise<void>(() => undefined);
    };
    const session = withToken();
    const started = session.start();
    await expect.poll(() => fake.rooms[0]?.connectedWith).toBeDefined();
    await session.stop();
    await expectRejectCode(started, 'ABORTED');
    const room = fake.rooms[0]!;
    expect(room.disconnectCalls).toBe(1);
    expect(room.totalListeners()).toBe(0);
    await expect.poll(() => fake.mics[0]?.stopped).toBe(true);
  });

  it('cancels a start when the caller aborts its signal', async () => {
    fake.configureRoom = (room) => {
      room.connectImpl = () => new Promise<void>(() => undefined);
    };
    const session = withToken();
    const controller = new AbortController();
    const log = record(session);
    const started = session.start({ signal: controller.signal });
    await expect.poll(() => fake.rooms[0]?.connectedWith).toBeDefined();
    controller.abort();
    await expectRejectCode(started, 'ABORTED');
    expect(log.at(-1)).toEqual(['ended', { reason: 'user' }]);
  });
});

describe('start()', () => {
  it('returns the same promise for a double start and does nothing while connected', async () => {
    const session = withEndpoint();
    const first = session.start();
    const second = session.start();
    expect(second).toStrictEqual(first);
    await Promise.all([first, second]);
    await session.start();
    expect(server.requests).toHaveLength(1);
    expect(fake.rooms).toHaveLength(1);
    expect(fake.mics).toHaveLength(1);
    await session.stop();
  });

  it('goes idle → connecting → connected → disconnected, with the agent state reset on start', async () => {
    const session = withToken();
    const log = record(session);
    await session.start();
    fake.rooms[0]!.addAgent('listening');
    await session.stop();
    expect(log).toEqual([
      ['connection_state', 'connecting'],
      ['connection_state', 'connected'],
      ['agent_state', 'listening'],
      ['connection_state', 'disconnected'],
      ['ended', { reason: 'user' }],
    ]);
    await session.start();
    expect(session.agentState).toBe('initializing');
    await session.stop();
  });

  it('reports AGENT_JOIN_TIMEOUT and ends when no agent joins in time', async () => {
    const session = withToken(undefined, { agentJoinTimeoutMs: 30 });
    const log = record(session);
    await session.start();
    const [ended] = await nextEvent<[{ reason: string }]>(session, 'ended');
    expect(ended).toEqual({ reason: 'error' });
    const error = log.find(([e]) => e === 'error')![1] as VoiceSessionError;
    expect(error.code).toBe('AGENT_JOIN_TIMEOUT');
    expect(error.recoverable).toBe(true);
    expect(fake.mics[0]!.stopped).toBe(true);
  });

  it('does not time out when the agent is already in the room or joins in time', async () => {
    fake.configureRoom = (room) => {
      room.connectImpl = async () => {
        room.addAgent('listening');
      };
    };
    const session = withToken(undefined, { agentJoinTimeoutMs: 30 });
    const log = record(session);
    await session.start();
    // A second session whose agent joins later, with a longer timeout to wait on.
    fake.configureRoom = undefined;
    const late = withToken(undefined, { agentJoinTimeoutMs: 30 });
    const lateLog = record(late);
    await late.start();
    fake.rooms[1]!.addAgent();
    // Wait past the timeout by waiting on a timer-based event of a third session that does time out.
    const probe = withToken(undefined, { agentJoinTimeoutMs: 60 });
    await probe.start();
    await nextEvent(probe, 'ended');
    expect(log.filter(([e]) => e === 'error')).toEqual([]);
    expect(lateLog.filter(([e]) => e === 'error')).toEqual([]);
    expect(session.connectionState).toBe('connected');
    expect(late.connectionState).toBe('connected');
    await session.stop();
    await late.stop();
  });

  it('reports UNSUPPORTED_BROWSER without loading livekit where WebRTC is missing', async () => {
    const report = VoiceSession.checkSupport();
    expect(report.webRTC).toBe(false); // jsdom has no RTCPeerConnection
    expect(report.supported).toBe(false);
    const session = new VoiceSession({ url: 'wss://m', token: makeToken() });
    const log = record(session);
    await expectRejectCode(session.start(), 'UNSUPPORTED_BROWSER');
    expect(log.at(-1)).toEqual(['ended', { reason: 'error' }]);
  });
});

describe('text and audio', () => {
  it('sends typed text on lk.chat and adds it to the transcript', async () => {
    const session = withToken();
    await expectRejectCode(session.sendText('too early'), 'NOT_CONNECTED');
    await session.start();
    const [entry] = await Promise.all([nextEvent<[unknown]>(session, 'transcript'), session.sendText('What time is it?')]);
    expect(entry).toEqual([{ id: 'text-1', role: 'user', text: 'What time is it?', final: true }]);
    expect(fake.rooms[0]!.localParticipant.sentTexts).toEqual([{ text: 'What time is it?', topic: 'lk.chat' }]);
    expect(session.getTranscript()).toHaveLength(1);
    await session.stop();
  });

  it('reports blocked playback at connect and unblocks through startAudio()', async () => {
    fake.configureRoom = (room) => {
      room.canPlaybackAudio = false;
    };
    const session = withToken();
    const events: string[] = [];
    session.on('audio_blocked', () => events.push('blocked'));
    session.on('audio_unblocked', () => events.push('unblocked'));
    await session.start();
    expect(events).toEqual(['blocked']);
    await session.startAudio();
    expect(fake.rooms[0]!.startAudioCalls).toBe(1);
    expect(events).toEqual(['blocked', 'unblocked']);
    await session.stop();
  });
});
