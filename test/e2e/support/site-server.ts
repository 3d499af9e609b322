/**
 * The site a visitor opens: its page, the SDK bundle, and `@voice-session/server`'s session route
 * backed by the emulator (the API key stays in this process).
 */
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createSessionRouter } from '@voice-session/server/express';

export interface SiteServer {
  url: string;
  close(): Promise<void>;
}

export interface SiteOptions {
  apiKey: string;
  baseUrl: string;
  assistantId: string;
  /** Path of the SDK's IIFE bundle. */
  sdkBundlePath: string;
  html: string;
  pageScript: string;
  /** More fixed routes: path → [content type, body]. */
  extraRoutes?: Record<string, [string, string]>;
  /** Clock of the session handler's budget windows (the emulator's, when a run advances it). */
  now?: () => number;
}

/** Start the site on 127.0.0.1, port 0. */
export async function startSite(options: SiteOptions): Promise<SiteServer> {
  const bundle = await readFile(options.sdkBundlePath, 'utf8');
  const app = express();
  app.use(
    '/api/voice',
    createSessionRouter({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      assistantId: options.assistantId,
      // One test visitor starts several sessions within a minute.
      clientRateLimit: false,
      ...(options.now ? { now: options.now } : {}),
      // Request lines would drown the test and benchmark output.
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    }),
  );
  for (const [path, [type, body]] of Object.entries(options.extraRoutes ?? {})) {
    app.get(path, (_req, res) => {
      res.type(type).send(body);
    });
  }
  app.get('/', (_req, res) => {
    res.type('html').send(options.html);
  });
  app.get('/voice-session.iife.js', (_req, res) => {
    res.type('text/javascript').send(bundle);
  });
  app.get('/page.js', (_req, res) => {
    res.type('text/javascript').send(options.pageScript);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
