/**
 * The widget example's whole stack in one call: the offline emulator (API + media + demo agent) unless
 * hosted credentials are given, the token server's `POST /session`, the plain HTML page and the widget's
 * single `<script>` file. `npm start -w examples/widget` runs it; the end-to-end test starts it on free ports.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { startEmulator, type RunningEmulator } from '@voice-session/emulator';
import { createServerLogger } from '@voice-session/server';
import { createSessionRouter } from '@voice-session/server/express';
import { ensureWidgetBundle } from './widget-bundle.js';

/** The platform account the token server mints sessions with, when not the embedded emulator. */
export interface HostedPlatform {
  apiKey: string;
  baseUrl: string;
  assistantId: string;
}

/** Options of {@link startWidgetSite}. */
export interface WidgetSiteOptions {
  /** Port of the page and its token server; 0 picks a free one. */
  port: number;
  host?: string;
  /** Port of the embedded emulator (0 picks a free one); ignored when `hosted` is given. */
  emulatorPort?: number;
  hosted?: HostedPlatform;
  /** Token-server log level; default `warn`. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

/** A running widget site. */
export interface RunningWidgetSite {
  /** The page's address. */
  url: string;
  /** The embedded emulator, unless the site mints from the hosted platform. */
  emulator: RunningEmulator | undefined;
  close(): Promise<void>;
}

/**
 * Starts the page, its token server and (by default) the emulator behind it.
 *
 * @example
 * const site = await startWidgetSite({ port: 3001 });
 * console.log(`open ${site.url}`);
 */
export async function startWidgetSite(options: WidgetSiteOptions): Promise<RunningWidgetSite> {
  const host = options.host ?? '127.0.0.1';
  let emulator: RunningEmulator | undefined;
  let server: Server | undefined;
  const close = async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    await emulator?.close();
  };
  try {
    const bundle = await ensureWidgetBundle();
    let upstream = options.hosted;
    if (!upstream) {
      emulator = await startEmulator({ port: options.emulatorPort ?? 0, host });
      upstream = { apiKey: emulator.apiKeys.primary, baseUrl: emulator.baseUrl, assistantId: await demoAssistant(emulator) };
    }
    const app = express();
    app.disable('x-powered-by');
    // The API key stays here; the page only ever sees the short-lived session token from POST /session.
    app.use(createSessionRouter({ ...upstream, logger: createServerLogger({ apiKey: upstream.apiKey, level: options.logLevel ?? 'warn' }) }));
    app.get('/voice-session-widget.iife.js', (_req, res) => {
      res.sendFile(bundle, { headers: { 'cache-control': 'no-cache' } });
    });
    app.use(express.static(path.join(import.meta.dirname, '../public')));
    app.use((_req, res) => {
      res.status(404).type('text').send('Not found.');
    });
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

// The first assistant of the emulator's seeded primary account is its demo assistant.
async function demoAssistant(emulator: RunningEmulator): Promise<string> {
  const response = await fetch(`${emulator.controlUrl}/seed`);
  const seed = (await response.json()) as { primary?: { assistants?: Array<{ uuid?: string }> } };
  const uuid = seed.primary?.assistants?.[0]?.uuid;
  if (!uuid) throw new Error('The emulator seed has no assistant for the primary account.');
  return uuid;
}
