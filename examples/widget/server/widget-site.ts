/**
 * The widget example's whole stack in one call: the offline emulator (API + media + demo agent) unless
 * hosted credentials are given, the token server's `POST /session`, the plain HTML page and the widget's
 * single `<script>` file. `npm start -w examples/widget` runs it; the end-to-end test starts it on free ports.
 */
import path from 'node:path';
import express from 'express';
import { startDemoHost, type HostedPlatform, type RunningDemoHost } from '@voice-session/example-host';
import { ensureWidgetBundle } from './widget-bundle.js';

export type { HostedPlatform };

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
export type RunningWidgetSite = RunningDemoHost;

/**
 * Starts the page, its token server and (by default) the emulator behind it.
 *
 * @example
 * const site = await startWidgetSite({ port: 3001 });
 * console.log(`open ${site.url}`);
 */
export async function startWidgetSite(options: WidgetSiteOptions): Promise<RunningWidgetSite> {
  const bundle = await ensureWidgetBundle();
  return startDemoHost({
    backend: options.hosted ? { kind: 'platform', ...options.hosted } : { kind: 'emulator', port: options.emulatorPort ?? 0 },
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    routes(app) {
      app.get('/voice-session-widget.iife.js', (_req, res) => {
        res.sendFile(bundle, { headers: { 'cache-control': 'no-cache' } });
      });
      app.use(express.static(path.join(import.meta.dirname, '../public')));
    },
  });
}
