/**
 * Several copies of the token server, one budget: three server processes share a real redis-server
 * and mint against one emulator. A burst spread over them mints at most the account's budget, the
 * outstanding count is shared and released at expiry by the emulator's clock, and losing Redis turns
 * into 503s with Retry-After (logged once per process), then recovery when Redis returns.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@voice-session/emulator';
import { startRedisServer, type TestRedis } from '../support/redis-server.js';

/** A copy whose clock follows the emulator's (test-only entry). */
const TEST_ENTRY = 'test/support/redis-token-server.ts';
/** The real standalone server, configured by VOICE_SESSION_REDIS_URL. */
const CLI_ENTRY = 'packages/server/src/cli.ts';
const UNREACHABLE_MSG = 'redis unreachable: refusing sessions (503) until it answers again';
const RECOVERED_MSG = 'redis reachable again';

let emu: RunningEmulator;
let redis: TestRedis;
let admin: Redis;
let assistantUuid: string;
let prefixSeq = 0;
const running: ServerProcess[] = [];

beforeAll(async () => {
  [emu, redis] = await Promise.all([startEmulator({ port: 0, media: false, log: () => undefined }), startRedisServer()]);
  admin = new Redis(redis.url, { enableOfflineQueue: false, retryStrategy: () => 100 });
  admin.on('error', () => undefined);
});
afterAll(async () => {
  admin.disconnect();
  await Promise.all([emu.close(), redis.stop()]);
});
beforeEach(() => {
  emu.emulator.reset();
  const accounts = emu.emulator.state.accounts;
  const uuid = accounts.assistantsOf(accounts.userByRole('primary').accountId)[0]?.uuid;
  if (!uuid) throw new Error('the seed has no assistant for primary');
  assistantUuid = uuid;
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

// ---- server processes ------------------------------------------------------------------------------

interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

interface ServerProcess {
  url: string;
  lines: LogLine[];
  /** Resolves with the first log line (already written or still to come) that matches. */
  waitForLine(match: (line: LogLine) => boolean): Promise<LogLine>;
  stop(): Promise<void>;
}

/** Spawns one copy of the token server on a free port, sharing `prefix` in the test Redis. */
async function spawnServer(prefix: string, env: Record<string, string> = {}, entry = TEST_ENTRY): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      VOICE_SESSION_API_KEY: emu.apiKeys.primary,
      VOICE_SESSION_BASE_URL: emu.baseUrl,
      VOICE_SESSION_ASSISTANT_ID: assistantUuid,
      VOICE_SESSION_REDIS_URL: redis.url,
      VOICE_SESSION_REDIS_PREFIX: prefix,
      EMULATOR_CONTROL_URL: emu.controlUrl,
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const waiters: Array<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }> = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of waiters.splice(0)) {
      if (waiter.match(line)) waiter.resolve(line);
      else waiters.push(waiter);
    }
  });
  const exited = once(child, 'exit');
  const waitForLine = (match: (line: LogLine) => boolean): Promise<LogLine> => {
    const seen = lines.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      waiters.push({ match, resolve });
      void exited.then(([code]) => reject(new Error(`server exited (${String(code)}) before the awaited log line: ${stderr.trim()}`)));
    });
  };
  const server: ServerProcess = {
    url: '',
    lines,
    waitForLine,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
  running.push(server);
  const listening = await waitForLine((line) => typeof line['port'] === 'number');
  server.url = `http://127.0.0.1:${String(listening['port'])}`;
  return server;
}

/** Resolves once `count` log lines of `server` match. */
async function waitForLines(server: ServerProcess, match: (line: LogLine) => boolean, count: number): Promise<void> {
  let seen = 0;
  await server.waitForLine((line) => match(line) && ++seen >= count);
}

async function spawnThree(env: Array<Record<string, string>> = [{}, {}, {}]): Promise<{ prefix: string; servers: ServerProcess[] }> {
  const prefix = `site${++prefixSeq}:`;
  const servers = await Promise.all(env.map((e) => spawnServer(prefix, e)));
  return { prefix, servers };
}

// ---- requests --------------------------------------------------------------------------------------

interface Answer {
  status: number;
  retryAfter: string | null;
  code: string | undefined;
  body: unknown;
}

async function post(server: ServerProcess): Promise<Answer> {
  const response = await fetch(`${server.url}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${response.status}): ${text.slice(0, 300)}`);
  }
  const code = (body as { error?: { code?: string } }).error?.code;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), code, body };
}

/** Sessions the emulator has minted (what reached the platform and succeeded). */
function upstreamSessions(): number {
  return (emu.emulator.state.area('realtime') as unknown as { sessions: Map<string, unknown> }).sessions.size;
}

async function advanceClock(seconds: number): Promise<void> {
  const response = await fetch(`${emu.controlUrl}/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

// ---- tests -----------------------------------------------------------------------------------------

describe('three token servers sharing one Redis', () => {
  it('mints at most the budget for a burst of 100 spread over the three', async () => {
    const { prefix, servers } = await spawnThree();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => post(servers[i % 3] as ServerProcess)));

    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(10);
    expect(upstreamSessions()).toBe(10);
    for (const refusal of answers.filter((a) => a.status !== 201)) {
      expect(['429 RATE_LIMITED', '503 BUSY']).toContain(`${refusal.status} ${refusal.code}`);
      expect(Number(refusal.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // The per-IP count (express-rate-limit on rate-limit-redis) saw all 100 requests, whichever copy took them.
    expect(Number(await admin.get(`${prefix}voice-session:rl-ip:127.0.0.1`))).toBe(100);
    expect(await admin.zcard(`${prefix}voice-session:outstanding`)).toBe(10);
  }, 90_000);

  it('shares the outstanding count and releases it when the emulator clock passes expiry', async () => {
    const { servers } = await spawnThree();
    for (let i = 0; i < 10; i++) expect((await post(servers[i % 3] as ServerProcess)).status).toBe(201);

    // A minute later the budget has room again, but all ten tokens are still outstanding, on every copy.
    await advanceClock(62);
    for (const server of servers) {
      const answer = await post(server);
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 503, code: 'BUSY' });
      // The earliest token expires 900 s after it was minted, 62 s of which have passed.
      expect(Number(answer.retryAfter)).toBeGreaterThan(800);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(840);
    }
    expect(upstreamSessions()).toBe(10);

    // Past the tokens' expiry every copy sees the slots free again.
    await advanceClock(840);
    for (const server of servers) expect((await post(server)).status).toBe(201);
    expect(upstreamSessions()).toBe(13);
  }, 90_000);

  it('answers 503 with Retry-After while Redis is down, logs it once per copy, and recovers', async () => {
    // A Redis of its own, so killing it cannot leak into other tests.
    const own = await startRedisServer();
    try {
      await outageAndRecovery(own);
    } finally {
      await own.stop();
    }
  }, 90_000);

  it('shares the limits between standalone servers configured by VOICE_SESSION_REDIS_URL', async () => {
    const prefix = `site${++prefixSeq}:`;
    const clis = await Promise.all([spawnServer(prefix, {}, CLI_ENTRY), spawnServer(prefix, {}, CLI_ENTRY)]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(clis[i % 2] as ServerProcess)));
    // The standalone default is 5 requests a minute per IP: five for both copies together, not five each.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.code === 'RATE_LIMITED')).toHaveLength(15);
    expect(upstreamSessions()).toBe(5);
    expect(Number(await admin.get(`${prefix}voice-session:rl-ip:127.0.0.1`))).toBe(20);
    expect(await admin.zcard(`${prefix}voice-session:outstanding`)).toBe(5);
  }, 90_000);
});

/** Three copies (two with the per-IP limit in Redis, one without, so both stores meet the outage) lose `own`, then get it back. */
async function outageAndRecovery(own: TestRedis): Promise<void> {
  const prefix = `site${++prefixSeq}:`;
  const servers = await Promise.all(
    ([{}, {}, { CLIENT_RATE_LIMIT: 'off' }] as Array<Record<string, string>>).map((env) => spawnServer(prefix, { VOICE_SESSION_REDIS_URL: own.url, ...env })),
  );
  for (const server of servers) expect((await post(server)).status).toBe(201);

  await own.kill();
  for (let round = 0; round < 3; round++) {
    for (const server of servers) {
      const answer = await post(server);
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 503, code: 'UNAVAILABLE' });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
  }
  expect(upstreamSessions()).toBe(3);
  // The copy without a per-IP limit met the outage in the handler's own store calls; its request
  // lines come after the outage line, so once they are in, every copy's log is complete.
  await waitForLines(servers[2] as ServerProcess, (line) => line['outcome'] === 'store_unavailable', 3);
  for (const server of servers) {
    expect(server.lines.filter((line) => line.msg === UNREACHABLE_MSG)).toHaveLength(1);
  }

  await own.restart();
  await Promise.all(servers.map((server) => server.waitForLine((line) => line.msg === RECOVERED_MSG)));
  for (const server of servers) expect((await post(server)).status).toBe(201);
  expect(upstreamSessions()).toBe(6);
  for (const server of servers) {
    expect(server.lines.filter((line) => line.msg === UNREACHABLE_MSG)).toHaveLength(1);
  }
}
