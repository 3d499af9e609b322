/** The part of Web Audio the meter needs; an AudioContext satisfies it. */
export interface AudioGraphFactory {
  createMediaStreamSource(stream: MediaStream): { connect(node: AnalyserNode): unknown; disconnect(): void };
  createAnalyser(): AnalyserNode;
}

/**
 * Measures the level (0–1) of an audio track and reports it at a fixed interval, skipping reports that
 * would repeat the previous value. Measuring is cheap RMS over the analyser's time-domain samples.
 */
export class LevelMeter {
  readonly #timer: ReturnType<typeof setInterval>;
  readonly #source: { disconnect(): void };
  #last = -1;

  constructor(context: AudioGraphFactory, stream: MediaStream, intervalMs: number, report: (level: number) => void) {
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    this.#source = source;
    const samples = new Float32Array(analyser.fftSize);
    this.#timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      // Speech RMS sits around 0.02–0.2; the square root spreads it over the 0–1 range a meter shows.
      const level = Math.round(Math.min(1, Math.sqrt(Math.sqrt(sum / samples.length) * 4)) * 100) / 100;
      if (level !== this.#last) report((this.#last = level));
    }, intervalMs);
  }

  /** Stops measuring and releases the audio graph. */
  stop(): void {
    clearInterval(this.#timer);
    this.#source.disconnect();
  }
}
