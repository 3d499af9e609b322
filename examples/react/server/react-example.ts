/**
 * The React example's stack: the offline emulator (API, media and demo agent), the token server
 * from `@voice-session/server/express` backed by it, and the page bundled by esbuild.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import express from 'express';
import { startDemoHost, type Backend, type RunningDemoHost } from '@voice-session/example-host';

/** Options of {@link startReactExample}. */
export interface ReactExampleOptions {
  /** Port of the page and token server; 0 picks a free one. */
  port: number;
  /** Default: the embedded emulator on a free port. */
  backend?: Backend;
  host?: string;
  /** Token-server log level; default `warn`. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  /** `production` minifies React; default `development` (clearer warnings while you edit). */
  mode?: 'development' | 'production';
}

/** A running React example. */
export type RunningReactExample = RunningDemoHost;

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

/**
 * Starts the emulator, the token server and the page on one origin.
 *
 * @example
 * const app = await startReactExample({ port: 0 });
 * console.log(app.url);
 * await app.close();
 */
export async function startReactExample(options: ReactExampleOptions): Promise<RunningReactExample> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'voice-session-react-'));
  const built = buildReactPage(outdir, options.mode ?? 'development');
  // A failed bundle is reported by the await in routes(); this keeps it from also being "unhandled".
  built.catch(() => undefined);
  return startDemoHost({
    backend: options.backend ?? { kind: 'emulator', port: 0 },
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    async routes(app) {
      await built;
      app.use('/app', express.static(outdir, { fallthrough: false }));
      app.use(express.static(path.join(import.meta.dirname, '../public')));
    },
    onClose: () => rm(outdir, { recursive: true, force: true }),
  });
}
