/**
 * When each word of a synthesised sentence is heard. Flite does not report word boundaries, so
 * they are estimated: the audible span of the sentence is shared between its words in proportion
 * to their length, with extra room after punctuation (Flite pauses there). Good to a syllable or
 * so, which is what a transcript streamed in step with the audio needs.
 */

/** One word of a sentence and when it starts, in ms from the start of the sentence's audio. */
export interface TimedWord {
  /** The word as written, punctuation attached (`"Hello,"`). */
  text: string;
  startMs: number;
}

/** Samples quieter than this are treated as the silence Flite puts around a sentence. */
const SILENCE_LEVEL = 300;

/** Splits text into the words a transcript shows. */
export function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

function weight(word: string): number {
  const spoken = word.replace(/[^\p{L}\p{N}]/gu, '');
  // Digits are read as whole words ("45" → "forty five"), so they weigh more than letters.
  const digits = spoken.replace(/\p{L}/gu, '').length;
  const base = spoken.length + digits * 3 + 2;
  return /[,;:.!?]$/.test(word) ? base + 4 : base;
}

/** Estimates when each word of `text` starts in `samples` (the sentence's synthesised audio). */
export function timeWords(text: string, samples: Int16Array, sampleRate: number): TimedWord[] {
  const words = splitWords(text);
  if (words.length === 0) return [];
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < SILENCE_LEVEL) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < SILENCE_LEVEL) last--;
  if (first >= samples.length) first = last = 0;
  const startMs = (first / sampleRate) * 1000;
  const spanMs = ((last - first) / sampleRate) * 1000;
  const weights = words.map(weight);
  const total = weights.reduce((a, b) => a + b, 0);
  let before = 0;
  return words.map((word, i) => {
    const timed = { text: word, startMs: startMs + (spanMs * before) / total };
    before += weights[i]!;
    return timed;
  });
}
