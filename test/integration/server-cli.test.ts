/** The standalone `voice-session-server`, started as a real process against a started emulator. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@voice-session/emulator';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = fileURLToPath(new URL('../../packages/server/src/cli.ts', import.meta.url));
let emu: RunningEmulator;
const children: ChildProcess[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, media: false, log: () => undefined });
});
afterAll(async () => {
  await emu.close();
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});

function start(env: Record<string, string>, args: string[] = []): { child: ChildProcess; stdout: () => string; stderr: () => string } {
  // Only what the server needs: nothing from the test runner's environment leaks in.
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (err += c));
  return { child, stdout: () => out, stderr: () => err };
}

async function seededAssistant(): Promise<string> {
  const seed = (await (await fetch(`${emu.controlUrl}/seed`)).json()) as { primary: { assistants: Array<{ uuid: string }> } };
  return seed.primary.assistants[0]?.uuid ?? '';
}

/** Resolves with the port once the server logs that it listens. */
function listeningPort(run: ReturnType<typeof start>): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(run.stdout());
      if (match) resolve(Number(match[1]));
    };
    run.child.stdout?.on('data', check);
    run.child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${run.stderr()}`)));
    check();
  });
}

describe('voice-session-server', () => {
  it('refuses to start without VOICE_SESSION_API_KEY, with one line on stderr', async () => {
    const run = start({ VOICE_SESSION_ASSISTANT_ID: 'x' });
    const [code] = (await once(run.child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(run.stderr().trim().split('\n')).toEqual([expect.stringContaining('VOICE_SESSION_API_KEY')]);
  });

  it('serves sessions from the environment configuration on the --port given', async () => {
    const run = start(
      {
        VOICE_SESSION_API_KEY: emu.apiKeys.primary,
        VOICE_SESSION_BASE_URL: emu.baseUrl,
        VOICE_SESSION_ASSISTANTS: JSON.stringify({ support: await seededAssistant() }),
        VOICE_SESSION_ALLOWED_ORIGINS: 'https://shop.example',
        PORT: '1',
      },
      ['--port', '0'],
    );
    const port = await listeningPort(run);
    expect(port).toBeGreaterThan(1);
    const ok = await fetch(`http://127.0.0.1:${port}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      body: JSON.stringify({ assistant: 'support' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const body = (await ok.json()) as { token: string };
    const refused = await fetch(`http://127.0.0.1:${port}/session`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    // Wait for the request lines, then check the key and the minted token stayed out of the log.
    await new Promise<void>((resolve) => {
      const check = () => run.stdout().split('\n').filter((l) => l.includes('"session request"')).length >= 2 && resolve();
      run.child.stdout?.on('data', check);
      check();
    });
    expect(run.stdout()).not.toContain(emu.apiKeys.primary);
    expect(run.stdout()).not.toContain(body.token);
  });
});
