/**
 * Where the widget's single `<script>` file lives (`@voice-session/web`'s
 * `dist/voice-session-widget.iife.js`), building the web package first when a fresh clone has no dist yet.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The IIFE bundle's path inside the installed `@voice-session/web` package. */
export function widgetBundlePath(): string {
  // The package exports its package.json, which pins down its folder whatever the resolution condition.
  const packageJson = createRequire(import.meta.url).resolve('@voice-session/web/package.json');
  return path.join(path.dirname(packageJson), 'dist', 'voice-session-widget.iife.js');
}

/**
 * Returns the bundle's path, running the repository's rollup build for the web package when it is missing
 * (only possible inside the monorepo; a site using the published package already has the file).
 */
export async function ensureWidgetBundle(): Promise<string> {
  const bundle = widgetBundlePath();
  if (existsSync(bundle)) return bundle;
  const repoRoot = path.resolve(path.dirname(bundle), '../../..');
  if (!existsSync(path.join(repoRoot, 'rollup.config.mjs'))) {
    throw new Error(`The widget bundle ${bundle} is missing; reinstall @voice-session/web.`);
  }
  await run(process.execPath, [path.join(repoRoot, 'node_modules/rollup/dist/bin/rollup'), '-c', 'rollup.config.mjs', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, BUILD_ONLY: 'web' },
  });
  if (!existsSync(bundle)) throw new Error(`The web build finished without writing ${bundle}.`);
  return bundle;
}
