/**
 * The media endpoint proven against the real livekit-client in headless Chromium: admission,
 * the agent participant, audio both ways, transcripts, RPC, typed text, and every way a room ends.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ParticipantInfo_Kind } from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../../../test/e2e/support/chromium.js';
import type { LaunchedChromium } from '../../../../test/e2e/support/chromium.js';
import { livekitClientBundle } from '../../../../test/e2e/support/livekit-bundle.js';
import { LIVEKIT_PAGE_HTML, LIVEKIT_PAGE_SCRIPT } from '../../../../test/e2e/support/livekit-page.js';
import { startPageServer } from '../../../../test/e2e/support/page-server.js';
import type { PageServer } from '../../../../test/e2e/support/page-server.js';
import { mintRealtimeToken } from '../../../../test/e2e/support/tokens.js';
import { until } from '../../../../test/e2e/support/wait.js';
import { AGENT_FRAME_SAMPLES } from '../agent/agent-io.js';
import type { Agent, AgentIO, PcmFrame } from '../agent/agent-io.js';
import type { AdmitRefusal, MediaSessionHooks } from './contract.js';
import { createMediaEndpoint } from './index.js';
import type { AttachableMediaEndpoint } from './index.js';

const SECRET = 'media-endpoint-test-secret';

/** A tiny agent: greets with a tone and a transcript, reacts to loud user audio and typed text. */
class ToneAgent implements Agent {
  loudUserFrames = 0;
  readonly texts: string[] = [];
  closed = false;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private heard = false;

  constructor(readonly io: AgentIO) {}

  start(): void {
    this.io.setState('listening');
    this.speak('SG_greeting', ['Hello, ', 'how can I help?'], 800);
  }

  onUserAudio(frame: PcmFrame): void {
    if (rms(frame) > 300) this.loudUserFrames++;
    if (this.loudUserFrames >= 20 && !this.heard) {
      this.heard = true;
      this.io.setState('thinking');
      this.io.publishUserTranscript({ segmentId: 'SG_user_1', text: 'tone heard', final: true });
    }
  }

  onUserText(text: string): void {
    if (text === 'boom') throw new Error('agent bug');
    this.texts.push(text);
    this.speak('SG_reply', [`You typed: ${text}`], 300);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
  }

  private speak(segmentId: string, words: string[], toneMs: number): void {
    this.io.setState('speaking');
    for (let i = 0; i < toneMs / 10; i++) this.io.pushAudio(tone(i));
    const transcript = this.io.openAgentTranscript(segmentId);
    for (const word of words) transcript.write(word);
    transcript.close();
    const timer = setInterval(() => {
      if (this.io.queuedAudioMs() > 0) return;
      clearInterval(timer);
      this.io.setState('listening');
    }, 20);
    this.timers.push(timer);
  }
}

function tone(frameIndex: number): PcmFrame {
  const frame = new Int16Array(AGENT_FRAME_SAMPLES);
  for (let i = 0; i < frame.length; i++) {
    frame[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * (frameIndex * frame.length + i)) / 48_000));
  }
  return frame;
}

function rms(frame: PcmFrame): number {
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  return Math.sqrt(sum / frame.length);
}

interface Harness {
  server: Server;
  mediaUrl: string;
  endpoint: AttachableMediaEndpoint;
  admitted: string[];
  ended: string[];
  agents: ToneAgent[];
  refuse: Map<string, AdmitRefusal>;
  logs: string[];
}

async function startHarness(): Promise<Harness> {
  const admitted: string[] = [];
  const ended: string[] = [];
  const agents: ToneAgent[] = [];
  const refuse = new Map<string, AdmitRefusal>();
  const logs: string[] = [];
  const hooks: MediaSessionHooks = {
    admit(sessionId) {
      const reason = refuse.get(sessionId);
      if (reason) return { ok: false, reason };
      admitted.push(sessionId);
      return { ok: true };
    },
    ended: (sessionId) => ended.push(sessionId),
  };
  // The host's own routes answer 404: the endpoint must still serve `/validate` on this server.
  const server = createServer((_request, response) => response.writeHead(404).end('host route'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = createMediaEndpoint({
    secret: SECRET,
    now: () => Date.now(),
    hooks,
    createAgent: (io) => {
      const agent = new ToneAgent(io);
      agents.push(agent);
      return agent;
    },
    log: (line) => logs.push(line),
  });
  endpoint.attach(server);
  const { port } = server.address() as AddressInfo;
  return { server, mediaUrl: `ws://127.0.0.1:${port}`, endpoint, admitted, ended, agents, refuse, logs };
}

describe('media endpoint with livekit-client in Chromium', { timeout: 60_000 }, () => {
  let browser: LaunchedChromium;
  let pages: PageServer;
  let harness: Harness;
  let page: Page;
  let sessionCounter = 0;

  const nextSession = () => `session-${++sessionCounter}`;

  const openPage = async (): Promise<Page> => {
    page = await browser.context.newPage();
    await page.goto(`${pages.url}/`);
    await page.waitForFunction(() => 'lk' in window);
    return page;
  };

  const connect = async (token: string) =>
    page.evaluate(([url, t]) => (window as any).lk.connect(url, t), [harness.mediaUrl, token] as const);

  beforeAll(async () => {
    browser = await launchChromium();
    pages = await startPageServer({
      '/': ['text/html', LIVEKIT_PAGE_HTML],
      '/livekit-client.js': ['text/javascript', await livekitClientBundle()],
      '/harness.js': ['text/javascript', LIVEKIT_PAGE_SCRIPT],
    });
  }, 60_000);

  afterAll(async () => {
    await pages?.close();
    await browser?.close();
  });

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterEach(async () => {
    await page?.close().catch(() => undefined);
  });

  afterAll(async () => {
    await harness.endpoint.close();
    expect(harness.endpoint.roomCount()).toBe(0);
    await new Promise<void>((resolve) => harness.server.close(() => resolve()));
  });

  it('admits a valid token and shows the agent exactly like a LiveKit Agents agent', async () => {
    const session = nextSession();
    await openPage();
    const joined = await connect(await mintRealtimeToken({ secret: SECRET, room: session }));
    expect(joined.error).toBeUndefined();
    expect(joined.state).toBe('connected');
    expect(joined.localIdentity).toBe(`user-${session}`);
    expect(joined.remote).toHaveLength(1);
    const agent = joined.remote[0];
    expect(agent.identity).toMatch(/^agent-AJ_/);
    expect(agent.kind).toBe(ParticipantInfo_Kind.AGENT);
    expect(agent.tracks).toEqual([{ sid: expect.stringMatching(/^TR_/), name: 'roomio_audio', kind: 'audio', source: 'microphone' }]);
    expect(harness.admitted).toContain(session);
    expect(harness.endpoint.roomCount()).toBe(1);
  });

  it('plays the agent audio, streams its transcript and publishes its state', async () => {
    await openPage();
    const joined = await connect(await mintRealtimeToken({ secret: SECRET, room: nextSession() }));
    const agentTrackSid = joined.remote[0].tracks[0].sid;
    const greeting = await until(
      () => page.evaluate(() => (window as any).lk.transcripts.find((t: any) => t.attributes['lk.segment_id'] === 'SG_greeting')),
      'the greeting transcript',
    );
    expect(greeting.text).toBe('Hello, how can I help?');
    expect(greeting.attributes['lk.transcription_final']).toBe('true');
    expect(greeting.attributes['lk.transcribed_track_id']).toBe(agentTrackSid);
    expect(greeting.identity).toBe(joined.remote[0].identity);
    await until(() => page.evaluate(() => (window as any).lk.agentAudioEnergy().then((e: number) => e > 0)), 'agent audio energy');
    const states = await until(async () => {
      const seen: string[] = await page.evaluate(() =>
        (window as any).lk.events.filter((e: any) => e.type === 'attributes').map((e: any) => e.attributes['lk.agent.state']),
      );
      return seen.includes('speaking') && seen.at(-1) === 'listening' ? seen : undefined;
    }, 'speaking then listening');
    expect(states).toContain('speaking');
  });

  it("delivers the user's microphone to the agent and publishes the user transcript on the user's behalf", async () => {
    await openPage();
    const joined = await connect(await mintRealtimeToken({ secret: SECRET, room: nextSession() }));
    const micSid = await page.evaluate(() => (window as any).lk.enableMicrophone());
    expect(micSid).toMatch(/^TR_/);
    const userTranscript = await until(
      () => page.evaluate(() => (window as any).lk.transcripts.find((t: any) => t.attributes['lk.segment_id'] === 'SG_user_1')),
      'the user transcript',
      20_000,
    );
    expect(userTranscript.identity).toBe(joined.localIdentity);
    expect(userTranscript.attributes['lk.transcribed_track_id']).toBe(micSid);
    expect(userTranscript.text).toBe('tone heard');
    // The agent subscribed to the microphone, as LiveKit reports it (ends livekit-client's pre-connect buffer).
    const subscribed = await page.evaluate(() => (window as any).lk.events.find((e: any) => e.type === 'localTrackSubscribed'));
    expect(subscribed).toEqual({ type: 'localTrackSubscribed', sid: micSid });
    expect(harness.agents.at(-1)?.loudUserFrames).toBeGreaterThanOrEqual(20);
  });

  it('calls RPC methods the browser registered and reports unknown ones as errors', async () => {
    await openPage();
    await connect(await mintRealtimeToken({ secret: SECRET, room: nextSession() }));
    const agent = await until(() => harness.agents.at(-1), 'the agent');
    await expect(agent.io.performRpc('getWeather', '{"city":"Paris"}')).resolves.toBe('sunny, 21 degrees');
    const call = await page.evaluate(() => (window as any).lk.events.find((e: any) => e.type === 'rpc'));
    expect(call).toEqual({ type: 'rpc', payload: '{"city":"Paris"}', caller: expect.stringMatching(/^agent-/) });
    await expect(agent.io.performRpc('noSuchTool', '{}')).rejects.toMatchObject({ code: 1400 });
  });

  it('hands typed lk.chat text to the agent', async () => {
    await openPage();
    await connect(await mintRealtimeToken({ secret: SECRET, room: nextSession() }));
    // An agent that throws on one message must not take the room (or the emulator) down.
    await page.evaluate(() => (window as any).lk.sendChat('boom'));
    await until(() => harness.logs.some((line) => line.includes('failed handling a data packet')), 'the agent failure to be logged');
    await page.evaluate(() => (window as any).lk.sendChat('what time is it'));
    const agent = await until(() => harness.agents.at(-1), 'the agent');
    await until(() => agent.texts.includes('what time is it'), 'the typed text at the agent');
    const reply = await until(
      () => page.evaluate(() => (window as any).lk.transcripts.find((t: any) => t.attributes['lk.segment_id'] === 'SG_reply')),
      'the reply transcript',
    );
    expect(reply.text).toBe('You typed: what time is it');
  });

  it('ends a room from the server side with a LiveKit leave and releases it', async () => {
    const session = nextSession();
    await openPage();
    await connect(await mintRealtimeToken({ secret: SECRET, room: session }));
    const agent = await until(() => harness.agents.at(-1), 'the agent');
    expect(harness.endpoint.endRoom(session)).toBe(true);
    const disconnected = await until(
      () => page.evaluate(() => (window as any).lk.events.find((e: any) => e.type === 'disconnected')),
      'the browser to be disconnected',
    );
    expect(disconnected.reason).toBe(5); // DisconnectReason.ROOM_DELETED
    expect(harness.ended).toContain(session);
    expect(agent.closed).toBe(true);
    expect(harness.endpoint.endRoom(session)).toBe(false);
  });

  it('releases the room when the user leaves and when the page goes away', async () => {
    const leaving = nextSession();
    await openPage();
    await connect(await mintRealtimeToken({ secret: SECRET, room: leaving }));
    await page.evaluate(() => (window as any).lk.disconnect());
    await until(() => harness.ended.includes(leaving), 'the room to end after leave');

    const dropping = nextSession();
    await openPage();
    await connect(await mintRealtimeToken({ secret: SECRET, room: dropping }));
    const droppedAgent = await until(() => harness.agents.at(-1), 'the agent');
    await page.close();
    await until(() => harness.ended.includes(dropping), 'the room to end after the page closed');
    expect(droppedAgent.closed).toBe(true);
  });

  it('refuses an expired token the way LiveKit does', async () => {
    const session = nextSession();
    await openPage();
    const result = await connect(await mintRealtimeToken({ secret: SECRET, room: session, ttlSeconds: -10 }));
    expect(result.error).toMatchObject({ reason: 0, status: 401 }); // ConnectionErrorReason.NotAllowed
    expect(result.error.message).toContain('token is expired');
    expect(harness.admitted).not.toContain(session);
  });

  it('refuses a token signed with another secret as invalid, not expired', async () => {
    await openPage();
    const result = await connect(await mintRealtimeToken({ secret: 'someone-else', room: nextSession() }));
    expect(result.error).toMatchObject({ reason: 0, status: 401 });
    expect(result.error.message).not.toContain('expired');
  });

  it('refuses a session the emulator no longer admits', async () => {
    const session = nextSession();
    harness.refuse.set(session, 'ended');
    await openPage();
    const result = await connect(await mintRealtimeToken({ secret: SECRET, room: session }));
    expect(result.error).toMatchObject({ reason: 0, status: 403 });
    expect(harness.endpoint.roomCount()).toBe(0);
  });
});
