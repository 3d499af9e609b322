/**
 * Starts the bench's upstream: the emulator in a child process (emulator-process.ts), driven over its
 * control API with a local mirror of its clock for the token server's `now` option; or, for comparison
 * with the earlier layout, in this process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The emulator's seeded API keys, as the child prints them. */
export interface UpstreamApiKeys {
  primary: string;
  secondary: string;
  member: string;
}

/** An emulator running in a child process, seen from the bench. */
export interface UpstreamProcess {
  /** The API root including `/api`. */
  baseUrl: string;
  /** The control API root (`…/_emulator`). */
  controlUrl: string;
  apiKeys: UpstreamApiKeys;
  /** The child's process id (for the report, and for `ps`). */
  pid: number;
  /**
   * The emulator's time as this process sees it: real time plus every advance made through
   * {@link UpstreamProcess.advance}. Both clocks start from real time, so they agree to within a
   * millisecond or so, far inside the 900 s token lifetime and the 61 s budget window they drive.
   */
  now(): number;
  /** Moves the emulator clock (and the mirror) forward. */
  advance(seconds: number): Promise<void>;
  /** Restores the emulator's seed. */
  reset(): Promise<void>;
  /** The uuid of the primary account's first seeded assistant. */
  firstAssistantId(): Promise<string>;
  close(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./emulator-process.ts', import.meta.url));

/** Spawns the emulator child and resolves once it printed where it listens. */
export async function startUpstreamProcess(): Promise<UpstreamProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SCRIPT], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout.setEncoding('utf8');
  const banner = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: string): void => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      resolve(buffered.slice(0, newline));
    };
    const onExit = (code: number | null): void => reject(new Error(`the emulator process exited with ${code} before listening`));
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
  const info = JSON.parse(banner) as { baseUrl: string; controlUrl: string; apiKeys: UpstreamApiKeys };
  let offsetMs = 0;

  const control = async (path: string, init?: RequestInit): Promise<unknown> => {
    const response = await fetch(`${info.controlUrl}${path}`, init);
    if (!response.ok) throw new Error(`control ${path} answered ${response.status}`);
    return response.json();
  };

  return {
    ...info,
    pid: child.pid ?? -1,
    now: () => Date.now() + offsetMs,
    async advance(seconds) {
      await control('/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds }) });
      offsetMs += seconds * 1000;
    },
    async reset() {
      await control('/reset', { method: 'POST' });
    },
    async firstAssistantId() {
      const seed = (await control('/seed')) as { primary: { assistants: Array<{ uuid: string }> } };
      const id = seed.primary.assistants[0]?.uuid;
      if (!id) throw new Error('no seeded assistant');
      return id;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The earlier layout, for comparison: the emulator in this process, sharing the bench's event loop. */
export async function startUpstreamInProcess(): Promise<UpstreamProcess> {
  // Imported on demand, so the default layout never loads the emulator into the bench process.
  const { startEmulator } = await import('@voice-session/emulator');
  const emu = await startEmulator({ port: 0, media: false, log: () => undefined });
  return {
    baseUrl: emu.baseUrl,
    controlUrl: emu.controlUrl,
    apiKeys: emu.apiKeys,
    pid: process.pid,
    now: () => emu.clock.now(),
    async advance(seconds) {
      emu.clock.advance(seconds);
    },
    async reset() {
      await fetch(`${emu.controlUrl}/reset`, { method: 'POST' });
    },
    async firstAssistantId() {
      const response = await fetch(`${emu.controlUrl}/seed`);
      const seed = (await response.json()) as { primary: { assistants: Array<{ uuid: string }> } };
      const id = seed.primary.assistants[0]?.uuid;
      if (!id) throw new Error('no seeded assistant');
      return id;
    },
    close: () => emu.close(),
  };
}
