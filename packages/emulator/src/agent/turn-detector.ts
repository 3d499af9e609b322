/**
 * Finds user turns in a stream of voice-activity decisions: speech starts once most of a short
 * window is voiced (a click or a breath is not a turn), and ends after a hangover of silence
 * (the pauses between words and at commas must not cut a sentence in two).
 */

/** Tuning of the turn detector; every duration is audio time, not wall-clock time. */
export interface TurnDetectorOptions {
  /** Duration of each frame fed in, in ms (10 for the agent). */
  frameMs?: number;
  /** Window judged for the start of speech, in ms. */
  startWindowMs?: number;
  /** Voiced share of that window that starts a turn (0–1). */
  startRatio?: number;
  /**
   * Silence that ends a turn, in ms. WebRTC VAD already holds "speech" for 100–150 ms after the
   * voice stops, so the default 400 ms means about half a second of real silence.
   */
  hangoverMs?: number;
  /** Audio kept from before the start was confirmed, so the first syllable reaches the recogniser. */
  preRollMs?: number;
  /** Silence kept after the last voiced frame (recognisers do better with a little trailing silence). */
  tailMs?: number;
  /** A turn is cut here even if the user keeps talking. */
  maxTurnMs?: number;
  /**
   * Silence after which a pause is reported (before the hangover ends the turn), so the agent can
   * start recognising speculatively and have the words ready when the turn does end.
   */
  pauseMs?: number;
}

/** One finished user turn. */
export interface UserTurn {
  /** The turn's audio, pre-roll and a short tail included. */
  audio: Int16Array;
  /** Voiced audio in the turn, in ms. */
  speechMs: number;
  /** Audio time after the last voiced frame when the end was declared (the hangover), in ms. */
  silenceMs: number;
  /** The id of the pause the turn's final silence began with, if one was reported. */
  finalPauseId?: number;
}

/** A pause in the user's speech that may turn out to be the end of the turn. */
export interface SpeechPause {
  id: number;
  /** The turn's audio so far, trimmed like a finished turn's. */
  audio: Int16Array;
}

/** Callbacks of the turn detector. */
export interface TurnDetectorEvents {
  onSpeechStart(): void;
  onSpeechEnd(turn: UserTurn): void;
  onPause?(pause: SpeechPause): void;
}

/** Segments a voice-activity-labelled frame stream into user turns. */
export class TurnDetector {
  private readonly frameMs: number;
  private readonly startWindow: number;
  private readonly startVoiced: number;
  private readonly hangoverFrames: number;
  private readonly preRollFrames: number;
  private readonly tailFrames: number;
  private readonly maxFrames: number;
  private readonly pauseFrames: number;
  private nextPauseId = 0;
  /** The pause reported in the current run of silence, if any. */
  private pauseId: number | undefined;
  /** Recent voiced flags while idle (the start window). */
  private recentFlags: boolean[] = [];
  /** Recent frames while idle (the pre-roll). */
  private recentFrames: Int16Array[] = [];
  private inSpeech = false;
  private turnFrames: Int16Array[] = [];
  private voicedFrames = 0;
  private trailingSilence = 0;

  constructor(options: TurnDetectorOptions, private readonly events: TurnDetectorEvents) {
    this.frameMs = options.frameMs ?? 10;
    const frames = (ms: number): number => Math.max(1, Math.round(ms / this.frameMs));
    this.startWindow = frames(options.startWindowMs ?? 100);
    this.startVoiced = Math.max(1, Math.ceil(this.startWindow * (options.startRatio ?? 0.6)));
    this.hangoverFrames = frames(options.hangoverMs ?? 400);
    this.preRollFrames = frames(options.preRollMs ?? 300);
    this.tailFrames = Math.min(frames(options.tailMs ?? 150), this.hangoverFrames);
    this.maxFrames = frames(options.maxTurnMs ?? 15_000);
    this.pauseFrames = Math.min(frames(options.pauseMs ?? 150), this.hangoverFrames);
  }

  /** True between a confirmed start of speech and the end of the turn. */
  get speaking(): boolean {
    return this.inSpeech;
  }

  /** Voiced audio in the turn so far, in ms (0 between turns). */
  get speechMs(): number {
    return this.inSpeech ? this.voicedFrames * this.frameMs : 0;
  }

  /** The hangover: silence after speech before a turn ends, in ms. */
  get hangoverMs(): number {
    return this.hangoverFrames * this.frameMs;
  }

  /** Feeds one frame with its voice-activity decision. */
  push(frame: Int16Array, voiced: boolean): void {
    if (!this.inSpeech) {
      this.recentFlags.push(voiced);
      this.recentFrames.push(frame);
      if (this.recentFlags.length > this.startWindow) this.recentFlags.shift();
      if (this.recentFrames.length > this.preRollFrames) this.recentFrames.shift();
      const voicedCount = this.recentFlags.reduce((n, flag) => n + (flag ? 1 : 0), 0);
      if (voicedCount >= this.startVoiced) this.begin(voicedCount);
      return;
    }
    this.turnFrames.push(frame);
    if (voiced) {
      this.voicedFrames++;
      this.trailingSilence = 0;
      this.pauseId = undefined;
    } else {
      this.trailingSilence++;
      if (this.trailingSilence === this.pauseFrames && this.trailingSilence < this.hangoverFrames && this.events.onPause) {
        this.pauseId = this.nextPauseId++;
        this.events.onPause({ id: this.pauseId, audio: this.collect() });
      }
    }
    if (this.trailingSilence >= this.hangoverFrames || this.turnFrames.length >= this.maxFrames) this.finish();
  }

  /** Drops any turn in progress without reporting it. */
  reset(): void {
    this.inSpeech = false;
    this.recentFlags = [];
    this.recentFrames = [];
    this.turnFrames = [];
    this.voicedFrames = 0;
    this.trailingSilence = 0;
    this.pauseId = undefined;
  }

  private begin(voicedCount: number): void {
    this.inSpeech = true;
    this.turnFrames = this.recentFrames;
    this.voicedFrames = voicedCount;
    this.trailingSilence = 0;
    this.recentFrames = [];
    this.recentFlags = [];
    this.events.onSpeechStart();
  }

  /** The turn's audio so far, trailing silence cut down to the tail. */
  private collect(): Int16Array {
    const keep = this.turnFrames.length - Math.max(0, this.trailingSilence - this.tailFrames);
    const frames = this.turnFrames.slice(0, keep);
    const audio = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
    let offset = 0;
    for (const f of frames) {
      audio.set(f, offset);
      offset += f.length;
    }
    return audio;
  }

  private finish(): void {
    const turn: UserTurn = {
      audio: this.collect(),
      speechMs: this.voicedFrames * this.frameMs,
      silenceMs: this.trailingSilence * this.frameMs,
      finalPauseId: this.pauseId,
    };
    this.reset();
    this.events.onSpeechEnd(turn);
  }
}
