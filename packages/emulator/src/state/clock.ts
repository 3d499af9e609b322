/**
 * The emulator's controllable clock. Time starts at the `now` option (or real time) and then moves with
 * real time, plus whatever `advance()` adds; due callbacks fire by real timers or by `advance()`,
 * whichever comes first, each exactly once and in time order.
 */
import type { Clock } from './model.js';

/** Options of {@link EmulatorClock}. */
export interface EmulatorClockOptions {
  /** Start time (epoch ms, ISO string or Date); defaults to real time. */
  now?: number | string | Date;
  /** Source of real time (for tests of the clock itself). */
  realNow?: () => number;
}

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  done: boolean;
}

// setTimeout's delay is a signed 32-bit integer; longer waits are re-armed when they come due.
const MAX_TIMER_MS = 2_147_483_647;

/** A {@link Clock} whose time can be advanced by tests and the control API. */
export class EmulatorClock implements Clock {
  private readonly realNow: () => number;
  private readonly realStart: number;
  private readonly start: number;
  private offsetMs = 0;
  private seq = 0;
  private readonly pending = new Set<Pending>();

  constructor(options: EmulatorClockOptions = {}) {
    this.realNow = options.realNow ?? Date.now;
    this.realStart = this.realNow();
    this.start = options.now === undefined ? this.realStart : new Date(options.now).getTime();
    if (Number.isNaN(this.start)) throw new RangeError(`Invalid start time: ${String(options.now)}`);
  }

  now(): number {
    return this.start + (this.realNow() - this.realStart) + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  /** Current time in whole seconds since epoch (JWT claims). */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative number');
    this.offsetMs += seconds * 1000;
    this.fireDue();
    // Callbacks just fired may have scheduled others that are already due.
    this.rearmAll();
  }

  at(at: number, fn: () => void): { cancel(): void } {
    const entry: Pending = { at, seq: this.seq++, fn, timer: undefined, done: false };
    this.pending.add(entry);
    this.arm(entry);
    return {
      cancel: () => {
        this.drop(entry);
      },
    };
  }

  /** Run `fn` after `seconds` of emulator time. */
  after(seconds: number, fn: () => void): { cancel(): void } {
    return this.at(this.now() + seconds * 1000, fn);
  }

  /** Cancel every pending callback (reset and shutdown). */
  clear(): void {
    for (const entry of [...this.pending]) this.drop(entry);
  }

  /** Number of callbacks not yet fired. */
  pendingCount(): number {
    return this.pending.size;
  }

  private drop(entry: Pending): void {
    entry.done = true;
    if (entry.timer) clearTimeout(entry.timer);
    this.pending.delete(entry);
  }

  private arm(entry: Pending): void {
    if (entry.timer) clearTimeout(entry.timer);
    const delay = Math.max(0, Math.min(entry.at - this.now(), MAX_TIMER_MS));
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (entry.done) return;
      if (this.now() >= entry.at) this.fireDue();
      else this.arm(entry);
    }, delay);
    // The emulator's timers must never keep a process alive on their own.
    entry.timer.unref?.();
  }

  private rearmAll(): void {
    for (const entry of this.pending) this.arm(entry);
  }

  private fireDue(): void {
    for (;;) {
      const now = this.now();
      let next: Pending | undefined;
      for (const entry of this.pending) {
        if (entry.at > now) continue;
        if (!next || entry.at < next.at || (entry.at === next.at && entry.seq < next.seq)) next = entry;
      }
      if (!next) return;
      this.drop(next);
      next.fn();
    }
  }
}
