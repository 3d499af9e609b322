/**
 * Integer-ratio resampling of 16-bit PCM (48 kHz media ↔ 16 kHz speech engines).
 * Both directions share one windowed-sinc low-pass kernel: decimating without it would fold
 * everything above 8 kHz back into the speech band the recogniser listens to, and upsampling
 * without it would leave images the browser plays back as a metallic whine.
 */

/** Taps per output phase; 16 gives about 60 dB of stop-band rejection, plenty for speech. */
const TAPS_PER_PHASE = 16;

/** Designs a low-pass FIR (Blackman-windowed sinc) for resampling by `factor`, unity DC gain. */
function designKernel(factor: number): Float64Array {
  const length = TAPS_PER_PHASE * factor;
  // Cut-off a little below the lower Nyquist frequency so the transition band stays out of it.
  const cutoff = 0.45 / factor;
  const kernel = new Float64Array(length);
  const centre = (length - 1) / 2;
  let sum = 0;
  for (let n = 0; n < length; n++) {
    const x = n - centre;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    const window = 0.42 - 0.5 * Math.cos((2 * Math.PI * n) / (length - 1)) + 0.08 * Math.cos((4 * Math.PI * n) / (length - 1));
    kernel[n] = sinc * window;
    sum += kernel[n]!;
  }
  for (let n = 0; n < length; n++) kernel[n] = kernel[n]! / sum;
  return kernel;
}

function clamp16(value: number): number {
  const rounded = Math.round(value);
  return rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
}

/**
 * Streaming decimator: feed frames of any length (a multiple of `factor` keeps output frames even),
 * get the low-passed signal at `1/factor` of the rate. Keeps filter history across frames.
 */
export class Downsampler {
  readonly factor: number;
  private readonly kernel: Float64Array;
  /** The last `kernel.length - 1` input samples, oldest first, so filtering continues across frames. */
  private history: Float64Array;
  /** Input samples to skip before the next output sample (keeps the phase across odd-sized frames). */
  private phase = 0;

  constructor(factor: number) {
    if (!Number.isInteger(factor) || factor < 1) throw new RangeError(`resampling factor must be a positive integer, got ${factor}`);
    this.factor = factor;
    this.kernel = designKernel(factor);
    this.history = new Float64Array(this.kernel.length - 1);
  }

  /** Filters and decimates one frame; returns the output samples it completes. */
  process(input: Int16Array): Int16Array {
    const taps = this.kernel.length;
    const buffer = new Float64Array(this.history.length + input.length);
    buffer.set(this.history, 0);
    for (let i = 0; i < input.length; i++) buffer[this.history.length + i] = input[i]!;
    const out: number[] = [];
    // Output sample k uses buffer[end - taps + 1 .. end] where end walks the new samples `factor` apart.
    let end = this.history.length + this.phase;
    for (; end < buffer.length; end += this.factor) {
      let acc = 0;
      const start = end - taps + 1;
      for (let t = 0; t < taps; t++) acc += this.kernel[t]! * buffer[start + t]!;
      out.push(acc);
    }
    this.phase = end - buffer.length;
    this.history = buffer.slice(buffer.length - this.history.length);
    const result = new Int16Array(out.length);
    for (let i = 0; i < out.length; i++) result[i] = clamp16(out[i]!);
    return result;
  }

  /** Forgets the filter history (a new, unrelated stream follows). */
  reset(): void {
    this.history.fill(0);
    this.phase = 0;
  }
}

const kernels = new Map<number, Float64Array>();

/** Upsamples a whole buffer by an integer `factor` (e.g. 16 kHz text-to-speech output to 48 kHz media). */
export function upsample(input: Int16Array, factor: number): Int16Array {
  if (!Number.isInteger(factor) || factor < 1) throw new RangeError(`resampling factor must be a positive integer, got ${factor}`);
  if (factor === 1) return input.slice();
  // Kernels are pure functions of the factor, so caching them is safe to share.
  let kernel = kernels.get(factor);
  if (!kernel) {
    kernel = designKernel(factor);
    kernels.set(factor, kernel);
  }
  const taps = kernel.length;
  const delay = Math.floor((taps - 1) / 2);
  const out = new Int16Array(input.length * factor);
  // Zero-stuffed input filtered by the kernel (gain `factor` restores the level), computed
  // polyphase: only the taps that land on real input samples contribute.
  for (let n = 0; n < out.length; n++) {
    const target = n + delay;
    let acc = 0;
    let t = target % factor;
    let m = (target - t) / factor;
    for (; t < taps; t += factor, m--) {
      if (m < 0) break;
      if (m < input.length) acc += kernel[t]! * input[m]!;
    }
    out[n] = clamp16(acc * factor);
  }
  return out;
}
