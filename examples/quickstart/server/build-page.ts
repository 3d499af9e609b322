import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the page's TypeScript for the browser. The SDK resolves from its sources (`source` export
 * condition), and livekit-client lands in its own chunk because the SDK imports it only inside start().
 */
export async function buildPage(outdir: string): Promise<void> {
  await build({
    entryPoints: [path.join(import.meta.dirname, '../src/main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    minify: true,
    sourcemap: true,
    logLevel: 'error',
  });
}
