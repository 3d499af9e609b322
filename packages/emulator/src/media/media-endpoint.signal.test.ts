/**
 * The media endpoint's HTTP and signalling behaviour without a browser: `/validate`, refusals on
 * the upgrade, keepalive, and cleanup when a socket drops or falls silent.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LeaveRequest, Ping, SignalRequest, SignalResponse } from '@livekit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { mintRealtimeToken } from '../../../../test/e2e/support/tokens.js';
import { until } from '../../../../test/e2e/support/wait.js';
import type { Agent } from '../agent/agent-io.js';
import type { AdmitRefusal } from './contract.js';
import { createMediaEndpoint } from './index.js';
import type { AttachableMediaEndpoint } from './index.js';

const SECRET = 'signal-test-secret';

interface Setup {
  origin: string;
  endpoint: AttachableMediaEndpoint;
  ended: string[];
  admitted: string[];
  agentsClosed: number;
  refuse: Map<string, AdmitRefusal>;
  logs: string[];
  server: Server;
}

const running: Setup[] = [];

async function setup(pingTimeoutMs?: number): Promise<Setup> {
  const server = createServer((_request, response) => response.writeHead(404).end('host route'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: Omit<Setup, 'endpoint' | 'origin'> = { ended: [], admitted: [], agentsClosed: 0, refuse: new Map(), logs: [], server };
  const endpoint = createMediaEndpoint({
    secret: SECRET,
    now: () => Date.now(),
    pingTimeoutMs,
    log: (line) => state.logs.push(line),
    hooks: {
      admit: (sessionId) => {
        const reason = state.refuse.get(sessionId);
        if (reason) return { ok: false, reason };
        state.admitted.push(sessionId);
        return { ok: true };
      },
      ended: (sessionId) => state.ended.push(sessionId),
    },
    createAgent: (): Agent => ({
      start: () => undefined,
      onUserAudio: () => undefined,
      onUserText: () => undefined,
      close: () => {
        result.agentsClosed++;
      },
    }),
  });
  endpoint.attach(server);
  const { port } = server.address() as AddressInfo;
  const result: Setup = { ...state, endpoint, origin: `127.0.0.1:${port}` };
  running.push(result);
  return result;
}

afterEach(async () => {
  for (const s of running.splice(0)) {
    await s.endpoint.close();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});

/** Counts of Node's active handles by kind (timers, sockets). */
function activeResources(): { Timeout: number; TCPSocketWrap: number } {
  const counts = { Timeout: 0, TCPSocketWrap: 0 };
  for (const kind of process.getActiveResourcesInfo()) if (kind in counts) counts[kind as keyof typeof counts]++;
  return counts;
}

/** Open a raw signalling socket and collect decoded responses. */
async function join(s: Setup, token: string): Promise<{ ws: WebSocket; messages: SignalResponse[] }> {
  const ws = new WebSocket(`ws://${s.origin}/rtc/v1?access_token=${encodeURIComponent(token)}`);
  const messages: SignalResponse[] = [];
  ws.on('message', (data: Buffer) => messages.push(SignalResponse.fromBinary(new Uint8Array(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await until(() => messages.length > 0, 'the join response');
  return { ws, messages };
}

describe('media endpoint signalling', () => {
  it('answers /validate like LiveKit and leaves other routes to the host', async () => {
    const s = await setup();
    const good = await mintRealtimeToken({ secret: SECRET, room: 'v-1' });
    const expired = await mintRealtimeToken({ secret: SECRET, room: 'v-1', ttlSeconds: -5 });
    for (const path of ['/rtc/v1/validate', '/rtc/validate']) {
      const ok = await fetch(`http://${s.origin}${path}?access_token=${good}`);
      expect([ok.status, await ok.text()]).toEqual([200, 'success']);
      const old = await fetch(`http://${s.origin}${path}?access_token=${expired}`);
      expect(old.status).toBe(401);
      expect(await old.text()).toContain('token is expired');
    }
    const missing = await fetch(`http://${s.origin}/rtc/v1/validate`);
    expect(missing.status).toBe(401);
    const host = await fetch(`http://${s.origin}/api/anything`);
    expect([host.status, await host.text()]).toEqual([404, 'host route']);
    expect(s.admitted).toEqual([]);
  });

  it('refuses a bad token on the upgrade with HTTP 401 and repeats session refusals on /validate', async () => {
    const s = await setup();
    const status = (token: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://${s.origin}/rtc/v1?access_token=${token}`);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => undefined);
      });
    expect(await status(await mintRealtimeToken({ secret: 'wrong', room: 'r-1' }))).toBe(401);
    s.refuse.set('r-2', 'unknown_session');
    const unknown = await mintRealtimeToken({ secret: SECRET, room: 'r-2' });
    expect(await status(unknown)).toBe(404);
    const validate = await fetch(`http://${s.origin}/rtc/v1/validate?access_token=${unknown}`);
    expect([validate.status, await validate.text()]).toEqual([404, 'requested room does not exist']);
    expect(s.endpoint.roomCount()).toBe(0);
  });

  it('sends a JoinResponse with the agent first and answers both keepalive forms', async () => {
    const s = await setup();
    const { ws, messages } = await join(s, await mintRealtimeToken({ secret: SECRET, room: 'k-1' }));
    const first = messages[0]?.message;
    expect(first?.case).toBe('join');
    if (first?.case !== 'join') throw new Error('no join');
    expect(first.value.serverInfo?.version).toBeTruthy();
    expect(first.value.pingInterval).toBe(5);
    expect(first.value.pingTimeout).toBe(15);
    expect(first.value.otherParticipants.map((p) => p.identity)).toEqual([expect.stringMatching(/^agent-/)]);
    ws.send(new SignalRequest({ message: { case: 'ping', value: 42n } }).toBinary());
    ws.send(new SignalRequest({ message: { case: 'pingReq', value: new Ping({ timestamp: 7n, rtt: 1n }) } }).toBinary());
    await until(() => messages.some((m) => m.message.case === 'pongResp'), 'pongResp');
    const pongResp = messages.find((m) => m.message.case === 'pongResp')?.message.value as { lastPingTimestamp: bigint };
    expect(pongResp.lastPingTimestamp).toBe(7n);
    expect(messages.some((m) => m.message.case === 'pong')).toBe(true);
    ws.close();
  });

  it('rejoins a live room without a second admission and tells the older socket it was replaced', async () => {
    const s = await setup();
    const token = await mintRealtimeToken({ secret: SECRET, room: 'd-1' });
    const older = await join(s, token);
    const newer = await join(s, token);
    await until(() => older.messages.some((m) => m.message.case === 'leave'), 'the older socket to be told to leave');
    expect(s.admitted).toEqual(['d-1']);
    expect(s.endpoint.roomCount()).toBe(1);
    newer.ws.send(new SignalRequest({ message: { case: 'leave', value: new LeaveRequest() } }).toBinary());
    await until(() => s.ended.includes('d-1'), 'the room to end on leave');
    expect(s.endpoint.roomCount()).toBe(0);
  });

  it('cleans up a user whose socket drops without a leave', async () => {
    const s = await setup();
    const { ws } = await join(s, await mintRealtimeToken({ secret: SECRET, room: 'x-1' }));
    expect(s.endpoint.roomCount()).toBe(1);
    ws.terminate();
    await until(() => s.ended.includes('x-1'), 'the room to end');
    expect(s.endpoint.roomCount()).toBe(0);
    expect(s.agentsClosed).toBe(1);
  });

  it('cleans up a user who stops pinging', async () => {
    const s = await setup(200);
    const { ws } = await join(s, await mintRealtimeToken({ secret: SECRET, room: 't-1' }));
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    await until(() => s.ended.includes('t-1'), 'the ping timeout to end the room');
    await closed;
    expect(s.endpoint.roomCount()).toBe(0);
    expect(s.agentsClosed).toBe(1);
    expect(s.logs).toEqual([expect.stringContaining('ping timeout')]);
  });

  it('ends a room from the server side with a DISCONNECT leave', async () => {
    const s = await setup();
    const { ws, messages } = await join(s, await mintRealtimeToken({ secret: SECRET, room: 'e-1' }));
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    expect(s.endpoint.endRoom('e-1', 'expired')).toBe(true);
    await closed;
    const leave = messages.find((m) => m.message.case === 'leave')?.message.value as LeaveRequest;
    expect(leave.action).toBe(0);
    expect(leave.canReconnect).toBe(false);
    expect(s.ended).toEqual(['e-1']);
    expect(s.endpoint.roomCount()).toBe(0);
  });

  it('leaves no room, socket or timer behind after 200 sessions', async () => {
    const s = await setup();
    const baseline = activeResources();
    for (let i = 0; i < 200; i++) {
      const { ws } = await join(s, await mintRealtimeToken({ secret: SECRET, room: `m-${i}` }));
      if (i % 2 === 0) ws.send(new SignalRequest({ message: { case: 'leave', value: new LeaveRequest() } }).toBinary());
      else ws.terminate();
      await until(() => s.ended.includes(`m-${i}`), `session ${i} to end`);
    }
    expect(s.endpoint.roomCount()).toBe(0);
    expect(s.agentsClosed).toBe(200);
    // Sockets and timers of the ended sessions are gone (the signal close fallback timer is unref'd and short).
    await until(() => activeResources().Timeout <= baseline.Timeout + 2 && activeResources().TCPSocketWrap <= baseline.TCPSocketWrap, 'resources to return to baseline', 5_000);
  }, 120_000);

  it('closes every room and refuses new joins on close()', async () => {
    const s = await setup();
    await join(s, await mintRealtimeToken({ secret: SECRET, room: 'c-1' }));
    await join(s, await mintRealtimeToken({ secret: SECRET, room: 'c-2' }));
    expect(s.endpoint.roomCount()).toBe(2);
    await s.endpoint.close();
    expect(s.endpoint.roomCount()).toBe(0);
    expect(s.ended.sort()).toEqual(['c-1', 'c-2']);
    expect(s.agentsClosed).toBe(2);
    const late = new WebSocket(`ws://${s.origin}/rtc/v1?access_token=${await mintRealtimeToken({ secret: SECRET, room: 'c-3' })}`);
    await expect(new Promise((resolve, reject) => {
      late.once('open', resolve);
      late.once('error', reject);
    })).rejects.toBeDefined();
    expect(s.admitted).not.toContain('c-3');
  });
});
