/**
 * Plays one agent utterance: queues its 48 kHz audio on the agent track in 10 ms frames and writes
 * its transcript a word at a time as each word is heard. Playback position is read from the media
 * side (`queuedAudioMs()`), not from a wall clock, so the words follow the audio even when the
 * media side paces it differently from real time.
 */
import { AGENT_FRAME_SAMPLES, AGENT_SAMPLE_RATE, type AgentIO } from './agent-io.js';
import type { TimedWord } from './word-timing.js';

/** How an utterance ended. */
export type SpeechOutcome = 'played' | 'interrupted';

const FRAME_MS = (AGENT_FRAME_SAMPLES / AGENT_SAMPLE_RATE) * 1000;

/** One agent utterance (one transcript segment) being played. */
export class Speaker {
  private readonly transcript: { write(delta: string): void; close(): void };
  /** Words not yet written, with their start on the utterance's timeline. */
  private readonly pendingWords: TimedWord[] = [];
  private wordsWritten = 0;
  private pushedMs = 0;
  private ended = false;
  private complete = false;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private settle!: (outcome: SpeechOutcome) => void;
  /** Resolves when the utterance has been heard to the end or was interrupted. */
  readonly done: Promise<SpeechOutcome>;
  /** The text written to the transcript so far. */
  spokenText = '';

  constructor(
    private readonly io: AgentIO,
    readonly segmentId: string,
    private readonly options: { tickMs?: number; onFirstAudio?: () => void } = {},
  ) {
    this.transcript = io.openAgentTranscript(segmentId);
    this.done = new Promise((resolve) => (this.settle = resolve));
  }

  /** Queues a piece of the utterance (a sentence) and its timed words. */
  append(audio: Int16Array, words: readonly TimedWord[]): void {
    if (this.ended || this.complete) return;
    const offset = this.pushedMs;
    for (const word of words) this.pendingWords.push({ text: word.text, startMs: offset + word.startMs });
    for (let start = 0; start < audio.length; start += AGENT_FRAME_SAMPLES) {
      const frame = new Int16Array(AGENT_FRAME_SAMPLES);
      frame.set(audio.subarray(start, Math.min(start + AGENT_FRAME_SAMPLES, audio.length)));
      if (this.pushedMs === 0) this.options.onFirstAudio?.();
      this.io.pushAudio(frame);
      this.pushedMs += FRAME_MS;
    }
    this.ticker ??= setInterval(() => this.tick(), this.options.tickMs ?? 20);
    this.tick();
  }

  /** No more audio will be appended: the utterance ends when what was queued has played. */
  finish(): void {
    this.complete = true;
    this.tick();
  }

  /** Barge-in: drops the queued audio and closes the transcript with the words heard so far. */
  interrupt(): void {
    if (this.ended) return;
    this.io.clearAudio();
    this.end('interrupted');
  }

  private tick(): void {
    if (this.ended) return;
    const queued = Math.max(0, this.io.queuedAudioMs());
    const playedMs = this.pushedMs - queued;
    while (this.pendingWords.length > 0 && this.pendingWords[0]!.startMs <= playedMs) this.writeWord(this.pendingWords.shift()!);
    if (this.complete && queued <= 0) {
      for (const word of this.pendingWords.splice(0)) this.writeWord(word);
      this.end('played');
    }
  }

  private writeWord(word: TimedWord): void {
    const delta = this.wordsWritten === 0 ? word.text : ` ${word.text}`;
    this.wordsWritten++;
    this.spokenText += delta;
    this.transcript.write(delta);
  }

  private end(outcome: SpeechOutcome): void {
    this.ended = true;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    this.pendingWords.length = 0;
    this.transcript.close();
    this.settle(outcome);
  }
}
