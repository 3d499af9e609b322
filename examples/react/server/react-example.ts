/**
 * The React example's stack: the offline emulator (API, media and demo agent), the token server
 * from `@voice-session/server/express` backed by it, and the page bundled by esbuild.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import express from 'express';
import { startEmulator, type RunningEmulator } from '@voice-session/emulator';
import { createServerLogger } from '@voice-session/server';
import { createSessionRouter } from '@voice-session/server/express';

/** Options of {@link startReactExample}. */
export interface ReactExampleOptions {
  /** Port of the page and token server; 0 picks a free one. */
  port: number;
  /** Port of the embedded emulator; default 0. */
  emulatorPort?: number;
  host?: string;
  /** `production` minifies React; default `development` (clearer warnings while you edit). */
  mode?: 'development' | 'production';
}

/** A running React example. */
export interface RunningReactExample {
  url: string;
  emulator: RunningEmulator;
  close(): Promise<void>;
}

/** Bundles `src/main.tsx` (React, the SDK from its sources) into `outdir`. */
export async function buildReactPage(outdir: string, mode: 'development' | 'production'): Promise<void> {
  await build({
    entryPoints: [path.join(import.meta.dirname, '../src/main.tsx')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    minify: mode === 'production',
    sourcemap: true,
    logLevel: 'error',
  });
}

// The emulator seeds the primary account with the demo assistant first.
async function demoAssistant(emulator: RunningEmulator): Promise<string> {
  const response = await fetch(`${emulator.controlUrl}/seed`);
  const seed = (await response.json()) as { primary?: { assistants?: Array<{ uuid?: string }> } };
  const uuid = seed.primary?.assistants?.[0]?.uuid;
  if (!uuid) throw new Error('The emulator seed has no assistant for the primary account.');
  return uuid;
}

/**
 * Starts the emulator, the token server and the page on one origin.
 *
 * @example
 * const app = await startReactExample({ port: 0 });
 * console.log(app.url);
 * await app.close();
 */
export async function startReactExample(options: ReactExampleOptions): Promise<RunningReactExample> {
  const host = options.host ?? '127.0.0.1';
  const outdir = await mkdtemp(path.join(tmpdir(), 'voice-session-react-'));
  let emulator: RunningEmulator | undefined;
  let server: Server | undefined;
  const close = async () => {
    if (server) {
      const listening = server;
      await new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      });
    }
    await emulator?.close();
    await rm(outdir, { recursive: true, force: true });
  };
  try {
    const built = buildReactPage(outdir, options.mode ?? 'development');
    emulator = await startEmulator({ port: options.emulatorPort ?? 0, host });
    const apiKey = emulator.apiKeys.primary;
    const app = express();
    app.disable('x-powered-by');
    // The API key stays here; the page only ever receives {url, token} from POST /session.
    app.use(createSessionRouter({ apiKey, baseUrl: emulator.baseUrl, assistantId: await demoAssistant(emulator), logger: createServerLogger({ apiKey, level: 'warn' }) }));
    app.use('/app', express.static(outdir, { fallthrough: false }));
    app.use(express.static(path.join(import.meta.dirname, '../public')));
    await built;
    server = createServer(app);
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port, host, () => resolve());
    });
    const { port } = listening.address() as AddressInfo;
    return { url: `http://${host}:${port}/`, emulator, close };
  } catch (error) {
    await close();
    throw error;
  }
}
