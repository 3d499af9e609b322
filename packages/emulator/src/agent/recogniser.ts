/**
 * Speech to text with Debian's pocketsphinx, kept as ONE long-lived process: loading the en-us
 * model costs about a second, decoding a short utterance a fifth of that.
 *
 * Debian ships pocketsphinx 0.8+5prealpha (no `pocketsphinx live`/`single` JSON modes). Its
 * `pocketsphinx_batch` reads the control file (`-ctl`) a line at a time and logs each hypothesis
 * as `text (name score)` to stderr as soon as it is decoded. With the control file a FIFO it
 * becomes a request/response server: write the utterance as a raw 16 kHz file, write its name
 * to the FIFO, read the hypothesis back from stderr. (A FIFO, not stdin: Node's stdio pipes are
 * socket pairs, which `/dev/stdin` cannot open.) Requests are serialised: one decoder, one
 * utterance at a time.
 */
import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** Where and how to run pocketsphinx. */
export interface PocketsphinxOptions {
  /** The `pocketsphinx_batch` executable (a path, or a name looked up on PATH). */
  binary?: string;
  /** The directory holding `en-us/`, `en-us.lm.bin` and `cmudict-en-us.dict` (Debian's `pocketsphinx-en-us`). */
  modelDir?: string;
  /** A decode taking longer than this is abandoned and the process restarted, in ms. */
  requestTimeoutMs?: number;
  /** Lines for the operator; defaults to console.error. */
  log?: (line: string) => void;
}

/** What a recognition request produced. */
export type RecognitionResult =
  | { status: 'ok'; text: string }
  /** pocketsphinx or its model is not installed. */
  | { status: 'unavailable' }
  /** The process failed or timed out on this utterance. */
  | { status: 'failed' };

export const DEFAULT_POCKETSPHINX_BINARY = 'pocketsphinx_batch';
export const DEFAULT_POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** The one line the operator sees when speech cannot be transcribed. */
export const POCKETSPHINX_MISSING_MESSAGE =
  'voice agent: pocketsphinx is not installed, so user speech is detected but not transcribed. ' +
  'Install it with: apt-get install pocketsphinx pocketsphinx-en-us';

/**
 * Speed-leaning search settings, measured on flite voices: a single forward pass with tighter
 * pruning decodes a 3 s sentence in ~0.2 s instead of ~0.5 s with the same words.
 */
const SEARCH_ARGS = ['-fwdflat', 'no', '-maxhmmpf', '3000', '-pl_window', '5', '-topn', '2'];

/** Hypothesis lines look like `hello world (utt-3 -9740)`; the text is empty for silence. */
const HYP_LINE = /^(.*?)\s*\((\S+)\s+-?\d+\)\s*$/;

/** Audio sent at start-up so the model is paged in before the first real utterance. */
const WARM_UP_SAMPLES = 4_800;

/** A process that dies this many times in a row is given up on. */
const MAX_CONSECUTIVE_CRASHES = 3;

interface Pending {
  id: string;
  audio: Int16Array;
  resolve(result: RecognitionResult): void;
}

type Child = ChildProcessByStdio<null, null, Readable>;

/** One long-lived pocketsphinx process with a queue of utterances. */
export class PocketsphinxRecogniser {
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly timeoutMs: number;
  private readonly log: (line: string) => void;
  private child: Child | undefined;
  /** Our end of the control FIFO (opened read-write, so opening never blocks and writes never EPIPE). */
  private control: number | undefined;
  private spawns = 0;
  private exited: Promise<void> = Promise.resolve();
  private workDir: string | undefined;
  private queue: Pending[] = [];
  private current: Pending | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 0;
  private crashes = 0;
  private unavailable = false;
  private closed = false;

  constructor(options: PocketsphinxOptions = {}) {
    this.binary = options.binary ?? DEFAULT_POCKETSPHINX_BINARY;
    this.modelDir = options.modelDir ?? DEFAULT_POCKETSPHINX_MODEL_DIR;
    this.timeoutMs = options.requestTimeoutMs ?? 10_000;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /** False once pocketsphinx was found missing (checked once, on first use). */
  get available(): boolean {
    return !this.unavailable;
  }

  /** The process id of the running recogniser, if one is running. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and pages the model in, so the first user turn is not slowed by loading. */
  warmUp(): Promise<RecognitionResult> {
    return this.recognise(new Int16Array(WARM_UP_SAMPLES));
  }

  /**
   * Transcribes one utterance of 16 kHz mono PCM; never rejects. Aborting a request that has not
   * reached pocketsphinx yet removes it from the queue (it resolves as failed).
   */
  recognise(audio: Int16Array, signal?: AbortSignal): Promise<RecognitionResult> {
    if (this.closed || this.unavailable) return Promise.resolve(this.closed ? { status: 'failed' } : { status: 'unavailable' });
    return new Promise((resolve) => {
      const pending: Pending = { id: `utt-${this.nextId++}`, audio, resolve };
      this.queue.push(pending);
      signal?.addEventListener(
        'abort',
        () => {
          const index = this.queue.indexOf(pending);
          if (index < 0) return;
          this.queue.splice(index, 1);
          resolve({ status: 'failed' });
        },
        { once: true },
      );
      this.pump();
    });
  }

  /** Stops the process (it exits at the end of its control file) and removes its files. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll({ status: 'failed' });
    const child = this.child;
    if (child) {
      this.closeControl();
      // A decoder stuck in a long utterance would hold the exit up; it is ours, so kill it.
      const kill = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await this.exited;
      clearTimeout(kill);
    }
    this.removeWorkDir();
  }

  private pump(): void {
    if (this.current || this.closed || this.unavailable) return;
    const next = this.queue.shift();
    if (!next) return;
    const child = this.child ?? this.spawnChild();
    if (!child || !this.workDir) {
      next.resolve(this.unavailable ? { status: 'unavailable' } : { status: 'failed' });
      this.pump();
      return;
    }
    this.current = next;
    // pocketsphinx would choke on an empty file; a few ms of silence decode to nothing.
    const audio = next.audio.length >= 160 ? next.audio : new Int16Array(160);
    writeFileSync(join(this.workDir, `${next.id}.raw`), new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength));
    this.timer = setTimeout(() => {
      this.log(`voice agent: pocketsphinx took over ${this.timeoutMs} ms on one utterance; restarting it`);
      child.kill('SIGKILL');
    }, this.timeoutMs);
    writeSync(this.control!, `${next.id}\n`);
  }

  private spawnChild(): Child | undefined {
    const model = this.modelDir;
    if (!existsSync(join(model, 'en-us', 'mdef')) || !existsSync(join(model, 'en-us.lm.bin'))) {
      this.markUnavailable();
      return undefined;
    }
    this.workDir ??= mkdtempSync(join(tmpdir(), 'voice-agent-asr-'));
    // A fresh FIFO per process: lines a crashed process left unread must not reach its successor.
    const fifo = join(this.workDir, `control-${this.spawns++}`);
    try {
      execFileSync('mkfifo', [fifo], { stdio: 'ignore' });
    } catch {
      this.markUnavailable('voice agent: could not create a FIFO with mkfifo; user speech will not be transcribed');
      return undefined;
    }
    this.control = openSync(fifo, 'r+');
    const args = [
      '-adcin', 'yes', '-cepdir', this.workDir, '-cepext', '.raw', '-ctl', fifo,
      '-hmm', join(model, 'en-us'), '-lm', join(model, 'en-us.lm.bin'), '-dict', join(model, 'cmudict-en-us.dict'),
      ...SEARCH_ARGS,
    ];
    const child = spawn(this.binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let spawned = false;
    let resolveExit!: () => void;
    this.exited = new Promise((resolve) => (resolveExit = resolve));
    child.once('spawn', () => (spawned = true));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (!spawned && error.code === 'ENOENT') this.markUnavailable();
      this.onExit(child, spawned);
      resolveExit();
    });
    child.once('exit', () => this.onExit(child, spawned));
    child.once('close', () => resolveExit());
    // The log is chatty (a dozen INFO lines per utterance); only hypothesis lines match HYP_LINE.
    createInterface({ input: child.stderr }).on('line', (line) => this.onLine(line));
    return child;
  }

  private closeControl(): void {
    if (this.control === undefined) return;
    // Closing the only writer gives pocketsphinx end-of-file on its control file: it exits.
    closeSync(this.control);
    this.control = undefined;
  }

  private onLine(line: string): void {
    if (/^(INFO|WARN|WARNING|ERROR|FATAL)\b/.test(line)) return;
    const match = HYP_LINE.exec(line);
    const current = this.current;
    if (!match || !current || match[2] !== current.id) return;
    this.crashes = 0;
    this.finishCurrent({ status: 'ok', text: match[1]!.trim() });
  }

  private onExit(child: Child, spawned: boolean): void {
    if (this.child !== child) return;
    this.child = undefined;
    this.closeControl();
    if (!this.closed && spawned) this.crashes++;
    // A model that is unreadable makes pocketsphinx exit at once, every time: stop trying.
    if (this.crashes >= MAX_CONSECUTIVE_CRASHES) {
      this.markUnavailable(`voice agent: pocketsphinx (${this.binary}) exited ${this.crashes} times in a row; user speech will not be transcribed`);
    }
    this.finishCurrent(this.unavailable ? { status: 'unavailable' } : { status: 'failed' });
    if (this.closed || this.unavailable) this.removeWorkDir();
  }

  private finishCurrent(result: RecognitionResult): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const current = this.current;
    this.current = undefined;
    if (current) {
      if (this.workDir) unlink(join(this.workDir, `${current.id}.raw`)).catch(() => {});
      current.resolve(result);
    }
    this.pump();
  }

  private markUnavailable(message = POCKETSPHINX_MISSING_MESSAGE): void {
    if (this.unavailable) return;
    this.unavailable = true;
    this.log(message);
    this.failAll({ status: 'unavailable' });
    this.removeWorkDir();
  }

  private failAll(result: RecognitionResult): void {
    const queued = this.queue;
    this.queue = [];
    for (const pending of queued) pending.resolve(result);
  }

  private removeWorkDir(): void {
    if (this.workDir && !this.child) {
      rmSync(this.workDir, { recursive: true, force: true });
      this.workDir = undefined;
    }
  }
}
