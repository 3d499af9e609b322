/**
 * The few statistics the server bench reports: timing one call, medians, percentiles.
 */
import { loadavg } from 'node:os';

/** Milliseconds one call takes, by `performance.now()`. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The `p`th percentile of `values` (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** One timed path of an interleaved comparison: wall time and this process's CPU time per call. */
export interface TimedPath {
  name: string;
  run: () => Promise<unknown>;
  ms: number[];
  /**
   * CPU milliseconds this process (all its threads) spent during each call. Unlike wall time it barely
   * moves with the machine's load, and it leaves out whatever another process (the upstream) spends.
   */
  cpuMs?: number[];
}

/**
 * Runs every path once per round, rotating which goes first so none always meets a warmer cache;
 * `between(round)` runs untimed after each round.
 */
export async function interleave(paths: TimedPath[], rounds: number, between?: (round: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < paths.length; k++) {
      const p = paths[(i + k) % paths.length] as TimedPath;
      const cpu = process.cpuUsage();
      p.ms.push(await time(p.run));
      const spent = process.cpuUsage(cpu);
      p.cpuMs?.push((spent.user + spent.system) / 1000);
    }
    await between?.(i);
  }
}

/** The machine's 1/5/15-minute load averages, printed beside the figures they colour. */
export function loadLine(): string {
  const [one, five, fifteen] = loadavg() as [number, number, number];
  return `load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)}`;
}
