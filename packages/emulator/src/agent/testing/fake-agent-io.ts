/**
 * A recording `AgentIO` for the agent's tests: it keeps every call, plays queued audio back
 * against the wall clock (optionally faster than real time) and lets a test wait for a condition
 * that is re-checked after every call the agent makes.
 */
import type { AgentIO, AgentState, PcmFrame, TranscriptUpdate } from '../agent-io.js';

/** One agent transcript segment as the room would have received it. */
export interface RecordedSegment {
  segmentId: string;
  deltas: string[];
  /** For each delta, how much of the pushed audio had been heard when it was written, in ms. */
  playedAtDelta: number[];
  closed: boolean;
}

/** A pushed frame and when it was pushed (performance.now()). */
export interface RecordedFrame {
  frame: PcmFrame;
  at: number;
}

interface Waiter {
  check(): boolean;
  resolve(): void;
}

/** A fake media side for one room. */
export class FakeAgentIO implements AgentIO {
  readonly sessionId = 'RM_test';
  readonly frames: RecordedFrame[] = [];
  readonly states: AgentState[] = [];
  readonly segments: RecordedSegment[] = [];
  readonly userTranscripts: TranscriptUpdate[] = [];
  readonly rpcCalls: { method: string; payload: string; timeoutMs: number | undefined }[] = [];
  clears = 0;
  private queuedMs = 0;
  private pushedMs = 0;
  private queuedAt = performance.now();
  private waiters: Waiter[] = [];

  constructor(
    readonly metadata: Record<string, unknown> = {},
    private readonly options: {
      /** Playback speed; 1 is real time. */
      speed?: number;
      /** Answers RPC calls; without it every call fails as an unregistered method does in LiveKit. */
      rpc?: (method: string, payload: string) => Promise<string>;
    } = {},
  ) {}

  pushAudio(frame: PcmFrame): void {
    this.drain();
    this.queuedMs += (frame.length / 48_000) * 1000;
    this.pushedMs += (frame.length / 48_000) * 1000;
    this.frames.push({ frame, at: performance.now() });
    this.changed();
  }

  clearAudio(): void {
    this.drain();
    this.queuedMs = 0;
    this.clears++;
    this.changed();
  }

  queuedAudioMs(): number {
    this.drain();
    this.changed();
    return this.queuedMs;
  }

  setState(state: AgentState): void {
    this.states.push(state);
    this.changed();
  }

  openAgentTranscript(segmentId: string): { write(delta: string): void; close(): void } {
    const segment: RecordedSegment = { segmentId, deltas: [], playedAtDelta: [], closed: false };
    this.segments.push(segment);
    this.changed();
    return {
      write: (delta) => {
        if (segment.closed) throw new Error('write after close');
        segment.deltas.push(delta);
        this.drain();
        segment.playedAtDelta.push(this.pushedMs - this.queuedMs);
        this.changed();
      },
      close: () => {
        segment.closed = true;
        this.changed();
      },
    };
  }

  publishUserTranscript(update: TranscriptUpdate): void {
    this.userTranscripts.push(update);
    this.changed();
  }

  performRpc(method: string, payload: string, responseTimeoutMs?: number): Promise<string> {
    this.rpcCalls.push({ method, payload, timeoutMs: responseTimeoutMs });
    this.changed();
    if (!this.options.rpc) return Promise.reject(Object.assign(new Error('Method not supported at destination'), { code: 1400 }));
    return this.options.rpc(method, payload);
  }

  /** The full text of a closed or open agent segment. */
  textOf(segment: RecordedSegment): string {
    return segment.deltas.join('');
  }

  /** Closed agent segments, oldest first. */
  closedSegments(): RecordedSegment[] {
    return this.segments.filter((segment) => segment.closed);
  }

  /** Final user transcripts, oldest first. */
  finalUserTranscripts(): TranscriptUpdate[] {
    return this.userTranscripts.filter((update) => update.final);
  }

  /** Resolves once `check()` holds, re-checking after every call the agent makes. */
  waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out waiting for ${what}; states: ${this.states.join(' → ')}`));
      }, timeoutMs);
      const waiter: Waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  private drain(): void {
    const now = performance.now();
    this.queuedMs = Math.max(0, this.queuedMs - (now - this.queuedAt) * (this.options.speed ?? 1));
    this.queuedAt = now;
  }

  private changed(): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.check()) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve();
      }
    }
  }
}
