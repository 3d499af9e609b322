/**
 * Plays queued 10 ms PCM frames out in real time, the way a LiveKit Agents audio output does:
 * the agent may push a whole utterance at once, and the browser hears it at speaking pace.
 */
import { AGENT_FRAME_SAMPLES } from '../agent/agent-io.js';
import type { PcmFrame } from '../agent/agent-io.js';

const FRAME_MS = 10;
/** After a stall (event loop busy), catch up at most this many frames at once rather than bursting. */
const MAX_CATCH_UP = 10;

/** Where paced frames go: the agent track's audio source. */
export type FrameSink = (frame: PcmFrame) => void;

/** A real-time player of 10 ms frames with a silence fill, so the track never starves. */
export class AudioPacer {
  private readonly queue: PcmFrame[] = [];
  private readonly silence = new Int16Array(AGENT_FRAME_SAMPLES);
  private timer: ReturnType<typeof setInterval> | undefined;
  private startedAt = 0;
  private framesSent = 0;

  constructor(
    private readonly sink: FrameSink,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Start the clock; frames pushed before this wait in the queue. */
  start(): void {
    if (this.timer) return;
    this.startedAt = this.now();
    this.framesSent = 0;
    // 5 ms ticks with frame accounting against the monotonic clock, so timer jitter does not drift.
    this.timer = setInterval(() => this.tick(), FRAME_MS / 2);
  }

  /** Queue one frame (copied if it is not exactly 10 ms, padded with silence). */
  push(frame: PcmFrame): void {
    if (frame.length === AGENT_FRAME_SAMPLES) {
      this.queue.push(frame);
      return;
    }
    for (let offset = 0; offset < frame.length; offset += AGENT_FRAME_SAMPLES) {
      const part = new Int16Array(AGENT_FRAME_SAMPLES);
      part.set(frame.subarray(offset, Math.min(offset + AGENT_FRAME_SAMPLES, frame.length)));
      this.queue.push(part);
    }
  }

  /** Drop everything queued (barge-in). */
  clear(): void {
    this.queue.length = 0;
  }

  /** Milliseconds of audio queued and not yet played. */
  queuedMs(): number {
    return this.queue.length * FRAME_MS;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
  }

  private tick(): void {
    const due = Math.floor((this.now() - this.startedAt) / FRAME_MS) - this.framesSent;
    if (due <= 0) return;
    if (due > MAX_CATCH_UP) this.framesSent += due - MAX_CATCH_UP;
    for (let i = 0; i < Math.min(due, MAX_CATCH_UP); i++) {
      this.sink(this.queue.shift() ?? this.silence);
      this.framesSent++;
    }
  }
}
