/**
 * Test harness: an emulator on a free loopback port (API only), raw JSON calls and control calls.
 */
import { PlatformClient } from '@voice-session/api';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../src/index.js';
import type { AccountRole } from '../src/state/model.js';

/** One response a recording client received. */
export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  headers: Headers;
}

/** A started emulator with helpers. */
export interface Harness {
  emu: RunningEmulator;
  /** Raw call under `/api`; `key` is a role or a literal token (null = no header). */
  api(method: string, path: string, init?: { key?: AccountRole | string | null; body?: unknown; raw?: string | FormData; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  /** Control call under `/_emulator`. */
  control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }>;
  /** A typed client for a role. */
  client(role: AccountRole): PlatformClient;
  /**
   * A typed client for a role or a literal token that records the status and headers of every response it
   * gets, so tests can see what the typed methods hide (201 vs 200, `Retry-After`).
   */
  recordingClient(key: AccountRole | string): { client: PlatformClient; responses: RecordedResponse[] };
  seed(): Promise<Record<AccountRole, any>>;
  close(): Promise<void>;
}

/**
 * Starts one emulator for the calling test file, closes it after the file, and resets its state before every
 * test. The returned object is filled in once the file's `beforeAll` has run.
 */
export function useHarness(options: StartEmulatorOptions = {}): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await startHarness(options));
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(async () => {
    const reset = await harness.control('POST', '/reset');
    if (reset.status !== 200) throw new Error(`emulator reset answered ${reset.status}`);
  });
  return harness;
}

/** Start an emulator for a test file. */
export async function startHarness(options: StartEmulatorOptions = {}): Promise<Harness> {
  const emu = await startEmulator({ media: false, log: process.env.EMULATOR_TEST_LOG ? (l) => process.stderr.write(`${l}\n`) : () => undefined, ...options });
  const keyOf = (key: AccountRole | string | null | undefined): string | null => {
    if (key === null) return null;
    if (key === undefined) return emu.apiKeys.primary;
    return key in emu.apiKeys ? emu.apiKeys[key as AccountRole] : key;
  };
  const api: Harness['api'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers ?? {}) };
    const token = keyOf(init.key);
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (init.raw !== undefined) body = init.raw;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    if (typeof init.raw === 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(`${emu.baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Non-JSON stays text so tests can assert on it.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const control: Harness['control'] = async (method, path, body) => {
    const res = await fetch(`${emu.controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };
  return {
    emu,
    api,
    control,
    client: (role) => new PlatformClient({ apiKey: emu.apiKeys[role], baseUrl: emu.baseUrl, maxRetries: 0 }),
    recordingClient: (key) => {
      const responses: RecordedResponse[] = [];
      const recording = async (url: string, init: RequestInit): Promise<Response> => {
        const res = await fetch(url, init);
        responses.push({ method: init.method ?? 'GET', path: new URL(url).pathname, status: res.status, headers: res.headers });
        return res;
      };
      const client = new PlatformClient({ apiKey: keyOf(key) ?? '', baseUrl: emu.baseUrl, maxRetries: 0, fetch: recording });
      return { client, responses };
    },
    seed: async () => (await control('GET', '/seed')).body,
    close: () => emu.close(),
  };
}
