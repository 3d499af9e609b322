/**
 * Turns whatever libwebrtc's audio sink delivers (any rate, mono or stereo, any frame length)
 * into the agent's 10 ms 48 kHz mono frames.
 */
import { AGENT_FRAME_SAMPLES, AGENT_SAMPLE_RATE } from '../agent/agent-io.js';
import type { PcmFrame } from '../agent/agent-io.js';

/** Re-frames arbitrary PCM input into exact 480-sample 48 kHz mono frames. */
export class PcmReframer {
  private buffer = new Int16Array(AGENT_FRAME_SAMPLES);
  private filled = 0;

  constructor(private readonly emit: (frame: PcmFrame) => void) {}

  /** Feed interleaved samples at `sampleRate` with `channels` channels. */
  push(samples: Int16Array, sampleRate: number, channels: number): void {
    const mono = channels > 1 ? downmix(samples, channels) : samples;
    const at48k = sampleRate === AGENT_SAMPLE_RATE ? mono : resampleLinear(mono, sampleRate, AGENT_SAMPLE_RATE);
    let offset = 0;
    while (offset < at48k.length) {
      const take = Math.min(AGENT_FRAME_SAMPLES - this.filled, at48k.length - offset);
      this.buffer.set(at48k.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === AGENT_FRAME_SAMPLES) {
        this.emit(this.buffer);
        this.buffer = new Int16Array(AGENT_FRAME_SAMPLES);
        this.filled = 0;
      }
    }
  }
}

/** Average the channels of interleaved PCM. */
export function downmix(samples: Int16Array, channels: number): Int16Array {
  const frames = Math.floor(samples.length / channels);
  const out = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += samples[i * channels + c] ?? 0;
    out[i] = Math.round(sum / channels);
  }
  return out;
}

/** Linear-interpolation resampling; enough for speech going to a VAD and a recogniser. */
export function resampleLinear(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate || samples.length === 0) return samples;
  const outLength = Math.round((samples.length * toRate) / fromRate);
  const out = new Int16Array(outLength);
  const step = fromRate / toRate;
  for (let i = 0; i < outLength; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const fraction = position - index;
    const a = samples[index] ?? 0;
    const b = samples[Math.min(index + 1, samples.length - 1)] ?? a;
    out[i] = Math.round(a + (b - a) * fraction);
  }
  return out;
}
