/**
 * WebRTC voice activity detection (libfvad compiled to WebAssembly by `@echogarden/fvad-wasm`).
 * One WebAssembly instance serves every room (it is a few hundred KB of memory); each `Vad` owns
 * one detector handle inside it and frees it on close.
 */
import createFvadModule from '@echogarden/fvad-wasm';

/** The parts of the Emscripten module this file uses. */
interface FvadModule {
  _fvad_new(): number;
  _fvad_free(handle: number): void;
  _fvad_set_mode(handle: number, mode: number): number;
  _fvad_set_sample_rate(handle: number, rate: number): number;
  _fvad_process(handle: number, frame: number, length: number): number;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  HEAP16: Int16Array;
}

/** How eagerly speech is reported: 0 (quality, most speech) … 3 (very aggressive, least noise). */
export type VadMode = 0 | 1 | 2 | 3;

// A promise of an immutable compiled module, so sharing it between agents shares no room state.
let modulePromise: Promise<FvadModule> | undefined;

function loadModule(): Promise<FvadModule> {
  modulePromise ??= createFvadModule() as Promise<FvadModule>;
  return modulePromise;
}

/** Sample rates libfvad accepts. */
const SUPPORTED_RATES = new Set([8000, 16000, 32000, 48000]);

/** A voice activity detector for one audio stream: 10, 20 or 30 ms frames in, speech yes/no out. */
export class Vad {
  private handle: number;
  private buffer: number;
  private readonly capacity: number;

  private constructor(private readonly module: FvadModule, handle: number, sampleRate: number) {
    this.handle = handle;
    this.capacity = (sampleRate / 1000) * 30;
    this.buffer = module._malloc(this.capacity * 2);
  }

  /** Loads the detector (the WebAssembly module is compiled once per process). */
  static async create(options: { sampleRate: number; mode?: VadMode }): Promise<Vad> {
    if (!SUPPORTED_RATES.has(options.sampleRate)) throw new RangeError(`VAD sample rate ${options.sampleRate} is not supported`);
    const module = await loadModule();
    const handle = module._fvad_new();
    if (!handle) throw new Error('fvad_new failed (out of WebAssembly memory)');
    module._fvad_set_sample_rate(handle, options.sampleRate);
    module._fvad_set_mode(handle, options.mode ?? 2);
    return new Vad(module, handle, options.sampleRate);
  }

  /** True when the frame (10, 20 or 30 ms at the configured rate) contains speech. */
  isSpeech(frame: Int16Array): boolean {
    if (!this.handle) throw new Error('VAD used after close()');
    if (frame.length > this.capacity) throw new RangeError(`VAD frame of ${frame.length} samples is longer than 30 ms`);
    // HEAP16 is re-read on every call: the view is replaced whenever the WebAssembly memory grows.
    this.module.HEAP16.set(frame, this.buffer >> 1);
    const result = this.module._fvad_process(this.handle, this.buffer, frame.length);
    if (result < 0) throw new RangeError(`VAD rejected a frame of ${frame.length} samples`);
    return result === 1;
  }

  /** Frees the detector. Idempotent. */
  close(): void {
    if (!this.handle) return;
    this.module._fvad_free(this.handle);
    this.module._free(this.buffer);
    this.handle = 0;
    this.buffer = 0;
  }
}
