/** livekit-client (the pinned version) bundled by esbuild into one script that sets `window.LivekitClient`. */
import { build } from 'esbuild';

let cached: Promise<string> | undefined;

/** The IIFE source, built once per test process. */
export function livekitClientBundle(): Promise<string> {
  cached ??= build({
    stdin: { contents: "export * from 'livekit-client';", resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'LivekitClient',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => {
    const file = result.outputFiles[0];
    if (!file) throw new Error('esbuild produced no output for livekit-client');
    return file.text;
  });
  return cached;
}
