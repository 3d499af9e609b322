/**
 * The quickstart stack in one call: the offline emulator (API + media + demo agent) unless hosted
 * credentials are given, the token server, and the page. `npm start` runs it; the end-to-end tests start
 * the same thing on free ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { startDemoHost, type Backend, type RunningDemoHost } from '@voice-session/example-host';
import { buildPage } from './build-page.js';

export type { Backend };

export interface QuickstartOptions {
  backend: Backend;
  /** Port of the page and its token server; 0 picks a free one. */
  port: number;
  host?: string;
  /** Token-server log level; default `warn` keeps the terminal readable. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

export type RunningQuickstart = RunningDemoHost;

export async function startQuickstart(options: QuickstartOptions): Promise<RunningQuickstart> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'voice-session-quickstart-'));
  const pageBuilt = buildPage(outdir);
  // A failed bundle is reported by the await in routes(); this keeps it from also being "unhandled".
  pageBuilt.catch(() => undefined);
  return startDemoHost({
    ...options,
    async routes(app, { label }) {
      app.get('/config.json', (_req, res) => {
        res.json({ label });
      });
      await pageBuilt;
      app.use('/app', express.static(outdir, { fallthrough: false }));
      app.use(express.static(path.join(import.meta.dirname, '../public')));
    },
    onClose: () => rmSync(outdir, { recursive: true, force: true }),
  });
}
