import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Result as AutocannonResult } from 'autocannon';

/** A bounded flood of `POST {}` against one URL on loopback. */
export interface FloodOptions {
  connections: number;
  seconds: number;
}

/**
 * Runs autocannon in its own process, so the load generator does not share the event loop of the server it
 * measures, and returns autocannon's JSON result.
 */
export async function autocannonProcess(url: string, { connections, seconds }: FloodOptions): Promise<AutocannonResult> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [bin, '-j', '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-H', 'content-type=application/json', '-b', '{}', url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return JSON.parse(out) as AutocannonResult;
}
