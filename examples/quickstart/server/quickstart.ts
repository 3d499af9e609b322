/**
 * The quickstart stack in one call: the offline emulator (API + media + demo agent) unless hosted
 * credentials are given, the token server mounted on an Express app, and the page. `npm start` runs it;
 * the end-to-end tests start the same thing on free ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { startEmulator, type RunningEmulator } from '@voice-session/emulator';
import { createServerLogger } from '@voice-session/server';
import { createSessionRouter } from '@voice-session/server/express';
import { buildPage } from './build-page.js';

/** Where sessions come from: the embedded emulator, or the hosted platform. */
export type Backend =
  | { kind: 'emulator'; port?: number }
  | { kind: 'platform'; apiKey: string; baseUrl: string; assistantId: string };

export interface QuickstartOptions {
  backend: Backend;
  /** Port of the page and its token server; 0 picks a free one. */
  port: number;
  host?: string;
  /** Token-server log level; default `warn` keeps the terminal readable. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

export interface RunningQuickstart {
  url: string;
  emulator: RunningEmulator | undefined;
  close(): Promise<void>;
}

export async function startQuickstart(options: QuickstartOptions): Promise<RunningQuickstart> {
  const host = options.host ?? '127.0.0.1';
  const outdir = mkdtempSync(path.join(tmpdir(), 'voice-session-quickstart-'));
  let emulator: RunningEmulator | undefined;
  let server: Server | undefined;
  const close = async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    await emulator?.close();
    rmSync(outdir, { recursive: true, force: true });
  };
  try {
    const pageBuilt = buildPage(outdir);
    let upstream: { apiKey: string; baseUrl: string; assistantId: string; label: string };
    if (options.backend.kind === 'emulator') {
      emulator = await startEmulator({ port: options.backend.port ?? 0, host });
      upstream = { apiKey: emulator.apiKeys.primary, baseUrl: emulator.baseUrl, assistantId: await demoAssistant(emulator), label: 'Offline demo assistant (emulator)' };
    } else {
      upstream = { ...options.backend, label: 'Hosted assistant' };
    }
    const app = express();
    app.disable('x-powered-by');
    app.use(
      createSessionRouter({
        apiKey: upstream.apiKey,
        baseUrl: upstream.baseUrl,
        assistantId: upstream.assistantId,
        logger: createServerLogger({ apiKey: upstream.apiKey, level: options.logLevel ?? 'warn' }),
      }),
    );
    app.get('/config.json', (_req, res) => {
      res.json({ label: upstream.label });
    });
    app.use('/app', express.static(outdir, { fallthrough: false }));
    app.use(express.static(path.join(import.meta.dirname, '../public')));
    app.use((_req, res) => {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    });
    await pageBuilt;
    server = createServer(app);
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port, host, () => resolve());
    });
    const address = listening.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    return { url: `http://${host}:${port}/`, emulator, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// The first assistant of the seeded primary account is the demo assistant.
async function demoAssistant(emulator: RunningEmulator): Promise<string> {
  const response = await fetch(`${emulator.controlUrl}/seed`);
  const seed = (await response.json()) as { primary?: { assistants?: Array<{ uuid?: string }> } };
  const uuid = seed.primary?.assistants?.[0]?.uuid;
  if (!uuid) throw new Error('The emulator seed has no assistant for the primary account.');
  return uuid;
}
