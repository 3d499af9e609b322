import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const children: ChildProcess[] = [];

function run(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Resolves with stdout once it holds `lines` lines. */
function firstLines(child: ChildProcess, lines: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const parts = out.split('\n');
      if (parts.length > lines) resolve(parts.slice(0, lines));
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing: ${out}`)));
  });
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

// Each test starts a Node process that compiles the CLI with tsx: allow for a loaded machine.
describe('voice-session-emulator CLI', { timeout: 60_000 }, () => {
  it('prints exactly one JSON line first with --json, serves the API, and exits cleanly on SIGTERM', async () => {
    const child = run(['--port', '0', '--host', '127.0.0.1', '--json', '--no-media']);
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const [line] = await firstLines(child, 1);
    const info = JSON.parse(line ?? '');
    // The shape, in its order: {"baseUrl", "mediaUrl", "apiKeys": {"primary", "secondary", "member"}}.
    expect(Object.keys(info)).toEqual(['baseUrl', 'mediaUrl', 'apiKeys']);
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(info.mediaUrl).toBe(info.baseUrl.replace(/^http/, 'ws').replace(/\/api$/, ''));
    expect(Object.keys(info.apiKeys)).toEqual(['primary', 'secondary', 'member']);
    // The keys are the seeded accounts' keys and they work.
    const seed = (await (await fetch(info.baseUrl.replace(/\/api$/, '/_emulator/seed'))).json()) as Record<string, { api_key: string }>;
    expect(info.apiKeys).toEqual({ primary: seed.primary?.api_key, secondary: seed.secondary?.api_key, member: seed.member?.api_key });
    const res = await fetch(`${info.baseUrl}/user/api-keys`, { headers: { authorization: `Bearer ${info.apiKeys.primary}` } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    // Nothing else was ever printed to stdout: exactly that one line.
    expect(stdout).toBe(`${line}\n`);
  });

  it('prints a banner with the base URL and keys, and stops on SIGINT', async () => {
    const child = run(['--port', '0', '--no-media']);
    const lines = await firstLines(child, 8);
    const text = lines.join('\n');
    expect(text).toMatch(/API base URL\s+http:\/\/127\.0\.0\.1:\d+\/api/);
    expect(text).toMatch(/primary\s+\d+\|[0-9a-f]{40}/);
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('refuses an invalid port with exit code 2 and usage', async () => {
    const child = run(['--port', 'abc']);
    let err = '';
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(err).toMatch(/invalid --port/);
    expect(err).toMatch(/Usage/);
  });
});
