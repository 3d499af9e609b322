// Size budget of @voice-session/web, measured from the built files (run `npm run build` first).
// Both the SDK and the reference app are bundled here the same way: esbuild, minified, ESM with code
// splitting (what any bundler does with the SDK's dynamic import), each output file gzip -9.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'packages/web/dist');
const KB = 1000; // budgets in kilobytes of 1,000 bytes, the stricter reading
const gzip = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

interface Bundle {
  /** gzip size of every output file together. */
  total: number;
  /** gzip size of the entry file plus the chunks it imports statically: what a page loads before start(). */
  initial: number;
}

let work: string;

/** Bundles `source` (an ES module) with esbuild and measures it. */
async function bundle(name: string, source: string): Promise<Bundle> {
  const entry = path.join(work, `${name}.mjs`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: path.join(work, `${name}-out`),
    nodePaths: [path.join(root, 'node_modules')],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const sizes = new Map(result.outputFiles.map((file) => [path.relative(work, file.path), gzip(file.contents)]));
  const outputs = result.metafile.outputs;
  const entryOut = Object.keys(outputs).find((key) => outputs[key]!.entryPoint)!;
  const initial = new Set<string>([entryOut]);
  for (const file of initial) {
    for (const imported of outputs[file]!.imports) if (imported.kind === 'import-statement') initial.add(imported.path);
  }
  const sizeOf = (file: string) => sizes.get(path.relative(work, path.resolve(root, file))) ?? sizes.get(file) ?? 0;
  return {
    total: [...sizes.values()].reduce((a, b) => a + b, 0),
    initial: [...initial].reduce((sum, file) => sum + sizeOf(file), 0),
  };
}

let sdk: Bundle;
let raw: Bundle;
let widget: Bundle;

beforeAll(async () => {
  expect(existsSync(path.join(dist, 'index.mjs')), 'run `npm run build` first').toBe(true);
  work = mkdtempSync(path.join(tmpdir(), 'web-size-'));
  // A page using the SDK: construct, start, listen.
  sdk = await bundle(
    'sdk-app',
    `import { VoiceSession } from ${JSON.stringify(path.join(dist, 'index.mjs'))};
     export function talk(url, token) {
       const session = new VoiceSession({ url, token });
       session.on('transcript', (entry) => console.log(entry.role, entry.text));
       return session.start({ microphone: true });
     }`,
  );
  // A page using the widget through the ESM build.
  widget = await bundle(
    'widget-app',
    `import { defineVoiceSessionWidget } from ${JSON.stringify(path.join(dist, 'widget.mjs'))};
     defineVoiceSessionWidget();`,
  );
  // The minimal raw livekit-client voice app: connect, microphone, transcription text streams (and
  // playing the agent's audio, without which the app would be mute).
  raw = await bundle(
    'raw-app',
    `import { Room, RoomEvent } from 'livekit-client';
     export async function talk(url, token) {
       const room = new Room();
       room.on(RoomEvent.TrackSubscribed, (track) => { if (track.kind === 'audio') document.body.append(track.attach()); });
       room.registerTextStreamHandler('lk.transcription', async (reader) => console.log(await reader.readAll()));
       await room.connect(url, token);
       await room.localParticipant.setMicrophoneEnabled(true);
       return () => room.disconnect();
     }`,
  );
  console.info(
    `web size (gzip -9): SDK initial ${sdk.initial} B, SDK total ${sdk.total} B, raw livekit app ${raw.total} B, ` +
      `ratio ${(sdk.total / raw.total).toFixed(4)}; widget initial ${widget.initial} B; IIFE ${gzip(readFileSync(path.join(dist, 'voice-session.iife.js')))} B`,
  );
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The built ESM files (entries and chunks) other than the widget's own entry. */
function sdkFiles(): string[] {
  const chunks = readdirSync(path.join(dist, 'chunks')).filter((f) => f.endsWith('.mjs'));
  return [path.join(dist, 'index.mjs'), ...chunks.map((f) => path.join(dist, 'chunks', f))];
}

describe('@voice-session/web size budget', () => {
  it("keeps the SDK's own code (ESM entry, shared chunk and lazy livekit adapter) within 6 KB gzip", () => {
    const own = sdkFiles().reduce((sum, file) => sum + gzip(readFileSync(file)), 0);
    expect(own).toBeGreaterThan(1000);
    expect(own).toBeLessThanOrEqual(6 * KB);
  });

  it('loads livekit-client only through the dynamic import inside start()', () => {
    const files = sdkFiles().map((file) => [path.basename(file), readFileSync(file, 'utf8')] as const);
    for (const [name, code] of files) {
      if (!name.startsWith('livekit-runtime-')) expect(code, name).not.toMatch(/from\s*["']livekit-client["']|require\(["']livekit-client/);
    }
    expect(files.some(([, code]) => /import\(["']\.\/(chunks\/)?livekit-runtime-[\w-]+\.mjs["']\)/.test(code))).toBe(true);
  });

  it('keeps what a page loads before start() (entry, eventemitter3, shared helpers) within 6 KB gzip', () => {
    expect(sdk.initial).toBeGreaterThan(1000); // the measurement found the entry
    expect(sdk.initial).toBeLessThanOrEqual(6 * KB);
  });

  it('keeps everything including livekit-client within 1.04x a minimal raw livekit-client app', () => {
    expect(raw.total).toBeGreaterThan(100 * KB); // livekit-client really is in the reference bundle
    expect(sdk.total / raw.total).toBeLessThanOrEqual(1.04);
  });

  it('keeps the widget without livekit-client within 10 KB gzip', () => {
    expect(widget.initial).toBeGreaterThan(sdk.initial);
    expect(widget.initial).toBeLessThanOrEqual(10 * KB);
  });

  it('ships <script> bundles exposing VoiceSessionSDK and VoiceSessionWidget', () => {
    const sdkScript = readFileSync(path.join(dist, 'voice-session.iife.js'), 'utf8');
    expect(sdkScript).toMatch(/^var VoiceSessionSDK=/);
    expect(sdkScript).toContain('VoiceSession');
    const widgetScript = readFileSync(path.join(dist, 'voice-session-widget.iife.js'), 'utf8');
    expect(widgetScript).toMatch(/^var VoiceSessionWidget=/);
    expect(widgetScript).toContain('voice-session-widget');
  });
});
