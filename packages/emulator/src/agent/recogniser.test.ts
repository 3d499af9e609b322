import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { POCKETSPHINX_MISSING_MESSAGE, PocketsphinxRecogniser } from './recogniser.js';
import { RecogniserPool } from './recogniser-pool.js';
import { synthesize } from './tts.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

function recogniser(options: ConstructorParameters<typeof PocketsphinxRecogniser>[0] = {}): { r: PocketsphinxRecogniser; logs: string[] } {
  const logs: string[] = [];
  const r = new PocketsphinxRecogniser({ log: (line) => logs.push(line), ...options });
  open.push(r);
  return { r, logs };
}

async function spoken(text: string): Promise<Int16Array> {
  const speech = await synthesize(text, 'rms');
  expect(speech.sampleRate).toBe(16_000);
  return speech.samples;
}

describe('PocketsphinxRecogniser', () => {
  it('answers queued utterances in order from one process', async () => {
    const { r } = recogniser();
    const [a, b, c] = await Promise.all([spoken('what time is it'), spoken('hello what is the weather like today'), spoken('thank you goodbye')]);
    const pids = new Set<number | undefined>();
    const results = await Promise.all([a!, b!, c!].map((audio) => r.recognise(audio).finally(() => pids.add(r.pid))));
    expect(results).toEqual([
      { status: 'ok', text: 'what time is it' },
      { status: 'ok', text: 'hello what is the weather like today' },
      { status: 'ok', text: 'thank you goodbye' },
    ]);
    expect(pids.size).toBe(1);
    expect(pids.has(undefined)).toBe(false);
  }, 30_000);

  it('hears silence as no words', async () => {
    const { r } = recogniser();
    expect(await r.recognise(new Int16Array(8_000))).toEqual({ status: 'ok', text: '' });
  }, 30_000);

  it('drops an aborted request that is still queued', async () => {
    const { r } = recogniser();
    const first = r.recognise(await spoken('what time is it'));
    const abort = new AbortController();
    const second = r.recognise(await spoken('thank you'), abort.signal);
    abort.abort();
    expect(await second).toEqual({ status: 'failed' });
    expect(await first).toEqual({ status: 'ok', text: 'what time is it' });
  }, 30_000);

  it('reports a missing binary as unavailable, with one install hint', async () => {
    const { r, logs } = recogniser({ binary: '/nonexistent/pocketsphinx_batch' });
    expect(await r.recognise(new Int16Array(1600))).toEqual({ status: 'unavailable' });
    expect(await r.recognise(new Int16Array(1600))).toEqual({ status: 'unavailable' });
    expect(r.available).toBe(false);
    expect(logs).toEqual([POCKETSPHINX_MISSING_MESSAGE]);
  });

  it('reports a missing model as unavailable', async () => {
    const { r, logs } = recogniser({ modelDir: '/nonexistent/model' });
    expect(await r.recognise(new Int16Array(1600))).toEqual({ status: 'unavailable' });
    expect(logs).toEqual([POCKETSPHINX_MISSING_MESSAGE]);
  });

  it('gives up on a binary that keeps crashing', async () => {
    // `false` starts and exits at once, as pocketsphinx does on an unreadable model.
    const { r, logs } = recogniser({ binary: 'false' });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await r.recognise(new Int16Array(1600)));
    expect(results.map((result) => result.status)).toEqual(['failed', 'failed', 'unavailable', 'unavailable']);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('exited 3 times');
  });

  it('kills a process that hangs past the request timeout and starts a new one for the next request', async () => {
    // A stand-in that never answers.
    const dir = mkdtempSync(join(tmpdir(), 'asr-test-'));
    open.push({ close: async () => rmSync(dir, { recursive: true, force: true }) });
    const binary = join(dir, 'hanging-asr');
    writeFileSync(binary, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    const { r, logs } = recogniser({ binary, requestTimeoutMs: 200 });
    const first = r.recognise(new Int16Array(1600));
    const firstPid = r.pid;
    expect(await first).toEqual({ status: 'failed' });
    expect(logs[0]).toContain('took over 200 ms');
    expect(() => process.kill(firstPid!, 0)).toThrow();
    const second = r.recognise(new Int16Array(1600));
    expect(r.pid).toBeGreaterThan(0);
    expect(r.pid).not.toBe(firstPid);
    expect(await second).toEqual({ status: 'failed' });
  });
});

describe('RecogniserPool', () => {
  it('shares one recogniser per binary and closes it with the last lease', async () => {
    const pool = new RecogniserPool();
    open.push({ close: () => pool.shutdown() });
    const a = pool.acquire({ log: () => {} });
    const b = pool.acquire({ log: () => {} });
    expect(a.recogniser).toBe(b.recogniser);
    const [pid] = pool.runningPids();
    expect(pid).toBeGreaterThan(0);
    await a.release();
    await a.release();
    expect(pool.runningPids()).toEqual([pid]);
    await b.release();
    expect(pool.runningPids()).toEqual([]);
    expect(() => process.kill(pid!, 0)).toThrow();
  }, 30_000);

  it('remembers a missing binary after its last lease, so it is reported once', async () => {
    const pool = new RecogniserPool();
    open.push({ close: () => pool.shutdown() });
    const logs: string[] = [];
    const options = { binary: '/nonexistent/pocketsphinx_batch', log: (line: string) => logs.push(line) };
    const first = pool.acquire(options);
    await first.recogniser.recognise(new Int16Array(1600));
    await first.release();
    const second = pool.acquire(options);
    expect(await second.recogniser.recognise(new Int16Array(1600))).toEqual({ status: 'unavailable' });
    expect(logs).toEqual([POCKETSPHINX_MISSING_MESSAGE]);
  });
});
