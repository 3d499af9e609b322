/**
 * Seeded randomness (mulberry32): every id, token and generated fixture comes from here, so two runs
 * with the same seed produce the same data.
 */
import type { Random } from './model.js';

/** A {@link Random} that can be re-seeded to replay the same sequence (reset). */
export class SeededRandom implements Random {
  private state = 0;

  constructor(private readonly seed: number = 1) {
    this.reseed(seed);
  }

  /** Restart the sequence, from `seed` or from the seed given at construction. */
  reseed(seed: number = this.seed): void {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  uuid(): string {
    const b = this.bytes(16);
    b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
    b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  hex(bytes: number): string {
    return [...this.bytes(bytes)].map((x) => x.toString(16).padStart(2, '0')).join('');
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  private bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }
}
