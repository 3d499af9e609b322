/**
 * A throwaway `redis-server` for tests: a free loopback port, no persistence, started and stopped by the
 * test (and stoppable mid-run, then restarted on the same port, to test outages and recovery).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian's package puts the binary (`apt-get install redis-server`). */
export const REDIS_SERVER_PATH = process.env['REDIS_SERVER_PATH'] ?? '/usr/bin/redis-server';

/** A running test Redis. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Kills the server at once (SIGKILL), as a crash or a lost network would. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was persisted) and waits until it answers. */
  restart(): Promise<void>;
  /** Stops it and removes its working directory. */
  stop(): Promise<void>;
}

/**
 * Starts `redis-server --port N --bind 127.0.0.1 --save '' --appendonly no` on a free port and resolves
 * once it answers `PING`.
 *
 * @example
 * ```ts
 * const redis = await startRedisServer();
 * try { ... new Redis(redis.url) ... } finally { await redis.stop(); }
 * ```
 */
export async function startRedisServer(): Promise<TestRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-session-redis-'));
  let child: ChildProcess | undefined;
  let port = 0;
  // The port is free when probed but another process may take it before redis binds: try a few.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir);
      break;
    } catch (error) {
      if (attempt >= 4) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  const halt = async (signal: NodeJS.Signals): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill(signal);
    await exited;
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => halt('SIGKILL'),
    async restart() {
      await halt('SIGKILL');
      child = await launch(port, dir);
    },
    async stop() {
      await halt('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER_PATH,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const exited = once(child, 'exit').then(() => {
    throw new Error(`redis-server exited before answering on port ${port}: ${output.trim()}`);
  });
  // Handled here so a later exit (a test killing it) is no unhandled rejection; the race still sees it.
  exited.catch(() => undefined);
  try {
    await Promise.race([answersPing(port, () => child.exitCode !== null), exited]);
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return child;
}

/** Resolves once `PING` on the port gets `+PONG`; polls because redis binds a moment after spawn. */
async function answersPing(port: number, gaveUp: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!gaveUp()) {
    if (await ping(port)) return;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer PING within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
