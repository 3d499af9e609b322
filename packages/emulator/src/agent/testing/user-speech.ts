/**
 * A synthetic microphone for the agent's tests: a Flite voice pocketsphinx hears well (16 kHz
 * `rms`), padded with silence, upsampled to 48 kHz and fed to the agent in 10 ms frames.
 */
import { AGENT_FRAME_SAMPLES, type Agent } from '../agent-io.js';
import { upsample } from '../resampler.js';
import { synthesize } from '../tts.js';

/** 48 kHz PCM of `text` spoken by a 16 kHz Flite voice, with silence before and after. */
export async function userSpeech(text: string, options: { leadMs?: number; tailMs?: number } = {}): Promise<Int16Array> {
  const speech = await synthesize(text, 'rms');
  const voiced = upsample(speech.samples, 48_000 / speech.sampleRate);
  const lead = Math.round(((options.leadMs ?? 300) / 1000) * 48_000);
  const tail = Math.round(((options.tailMs ?? 1000) / 1000) * 48_000);
  const audio = new Int16Array(lead + voiced.length + tail);
  audio.set(voiced, lead);
  return audio;
}

/** Silence of the given length at 48 kHz. */
export function silence(ms: number): Int16Array {
  return new Int16Array(Math.round((ms / 1000) * 48_000));
}

/** Splits 48 kHz PCM into 10 ms frames (the last one zero-padded). */
export function framesOf(audio: Int16Array): Int16Array[] {
  const frames: Int16Array[] = [];
  for (let start = 0; start < audio.length; start += AGENT_FRAME_SAMPLES) {
    const frame = new Int16Array(AGENT_FRAME_SAMPLES);
    frame.set(audio.subarray(start, Math.min(start + AGENT_FRAME_SAMPLES, audio.length)));
    frames.push(frame);
  }
  return frames;
}

/** Feeds every frame at once (audio time runs ahead of the wall clock). */
export function feedAll(agent: Agent, audio: Int16Array): void {
  for (const frame of framesOf(audio)) agent.onUserAudio(frame);
}

/**
 * Feeds frames in real time, as a microphone would, so wall-clock latencies mean something.
 * Resolves after the last frame; `onFrame` sees each frame's index and wall-clock time.
 */
export async function feedRealTime(agent: Agent, audio: Int16Array, onFrame?: (index: number, at: number) => void): Promise<void> {
  const frames = framesOf(audio);
  const start = performance.now();
  for (let i = 0; i < frames.length; i++) {
    // Catch up after timer lateness rather than drifting behind the audio clock.
    const due = start + i * 10;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    onFrame?.(i, performance.now());
    agent.onUserAudio(frames[i]!);
  }
}

/** Root mean square level of PCM samples. */
export function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return samples.length ? Math.sqrt(sum / samples.length) : 0;
}
