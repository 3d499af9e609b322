/** Turns one run's probe samples into the benchmark's figures. */

/** `[time ms, mic level, agent level]` every 20 ms. */
export type Sample = [number, number, number];

/** Audio level (0–1, WebRTC stats) above which a sample counts as sound. */
const SOUND = 0.01;
/** Quiet this long ends a stretch of sound (pauses between words are shorter). */
const STRETCH_GAP_MS = 700;

export interface RunFigures {
  toListeningMs: number | undefined;
  toFirstAudioMs: number | undefined;
  /** End of the user's sentence to the agent's first reply audio. */
  turnLatencyMs: number | undefined;
}

/** The first stretch of sound at or after `from` in one channel: [start, end] or undefined. */
function firstStretch(samples: Sample[], channel: 1 | 2, from: number): [number, number] | undefined {
  let start: number | undefined;
  let last = 0;
  for (const sample of samples) {
    const t = sample[0];
    if (t < from || sample[channel] <= SOUND) continue;
    if (start === undefined) start = t;
    else if (t - last > STRETCH_GAP_MS) break;
    last = t;
  }
  return start === undefined ? undefined : [start, last];
}

/**
 * Greeting = the agent's first stretch of sound; the user's sentence = the first stretch of
 * microphone sound after the greeting ended (a sentence overlapping the greeting makes the run's
 * turn unmeasurable); the reply = the agent's first sound after the sentence ended.
 */
export function analyseRun(samples: Sample[], marks: Record<string, number>): RunFigures {
  const start = marks.start ?? samples[0]?.[0] ?? 0;
  const greeting = firstStretch(samples, 2, start);
  let turnLatencyMs: number | undefined;
  if (greeting) {
    const overlapping = firstStretch(samples, 1, greeting[0]);
    const sentence = overlapping && overlapping[0] > greeting[1] ? overlapping : undefined;
    const reply = sentence ? firstStretch(samples, 2, sentence[1] + 1) : undefined;
    // Only a reply that is still sounding when sampling stopped is known to have started for real.
    if (sentence && reply) turnLatencyMs = reply[0] - sentence[1];
  }
  return {
    toListeningMs: marks.listening === undefined ? undefined : marks.listening - start,
    toFirstAudioMs: greeting ? greeting[0] - start : undefined,
    turnLatencyMs,
  };
}

/** Median of the defined values. */
export function median(values: Array<number | undefined>): number | undefined {
  const sorted = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
