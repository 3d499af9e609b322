import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import type { RunningEmulator } from '@voice-session/emulator';
import { createServerLogger } from '@voice-session/server';
import { createSessionRouter } from '@voice-session/server/express';
import { startBackend, type Backend } from './backend.js';

/** Options of {@link startDemoHost}. */
export interface DemoHostOptions {
  backend: Backend;
  /** Port of the page and its token server; 0 picks a free one. */
  port: number;
  host?: string;
  /** Token-server log level; default `warn` keeps the terminal readable. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  /** Adds the example's own routes (its page, bundles, config) after `POST /session`. */
  routes(app: Express, context: { label: string }): void | Promise<void>;
  /** Runs once everything is closed (e.g. removes a build folder). */
  onClose?(): void | Promise<void>;
}

/** A running example: its page's address, the emulator behind it (unless hosted), and one way to stop it. */
export interface RunningDemoHost {
  url: string;
  emulator: RunningEmulator | undefined;
  close(): Promise<void>;
}

/**
 * Starts an example's backend: the emulator (or nothing, for the hosted platform), the token server's
 * `POST /session` holding the API key, the example's routes, and a JSON 404 for everything else.
 *
 * @example
 * const host = await startDemoHost({ backend: { kind: 'emulator' }, port: 0, routes: (app) => app.use(express.static('public')) });
 */
export async function startDemoHost(options: DemoHostOptions): Promise<RunningDemoHost> {
  const host = options.host ?? '127.0.0.1';
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
    await options.onClose?.();
  };
  try {
    const started = await startBackend(options.backend, host);
    emulator = started.emulator;
    const { upstream } = started;
    const app = express();
    app.disable('x-powered-by');
    // The API key stays here; the page only ever receives the short-lived session from POST /session.
    app.use(createSessionRouter({ ...upstream, logger: createServerLogger({ apiKey: upstream.apiKey, level: options.logLevel ?? 'warn' }) }));
    await options.routes(app, { label: started.label });
    app.use((_req, res) => {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    });
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
