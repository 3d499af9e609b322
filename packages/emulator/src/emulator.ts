/**
 * `createEmulator` (the app and its state, no listening) and `startEmulator` (listens on one HTTP server
 * that serves the API, the control API and, when available, the media endpoint).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from './http/app.js';
import type { RouterContext } from './http/context.js';
import type { MediaEndpoint, MediaEndpointOptions, MediaSessionHooks } from './media/contract.js';
import type { EmulatorClock } from './state/clock.js';
import type { AccountRole } from './state/model.js';
import type { RealtimeState } from './state/realtime.js';
import { EmulatorState } from './state/store.js';

/** Options of {@link createEmulator}. */
export interface EmulatorOptions {
  /** Seed of the random source: same seed, same ids and tokens. Default 1. */
  seed?: number;
  /** Start time of the emulator clock (epoch ms, ISO string or Date). Default: real time. */
  now?: number | string | Date;
  /** HS256 secret of realtime tokens. Default: 32 random bytes, hex. */
  secret?: string;
  /** Operator log lines (unexpected errors, media notes). Default: stderr. */
  log?: (line: string) => void;
  /** Timeout of one webhook delivery in ms. Default 5000. */
  webhookTimeoutMs?: number;
}

/** The seeded API keys by role. */
export type SeededApiKeys = Record<AccountRole, string>;

/** An emulator that is built but not listening. */
export interface Emulator {
  app: Express;
  state: EmulatorState;
  clock: EmulatorClock;
  /** HS256 secret realtime tokens are signed with. */
  secret: string;
  /** What the media endpoint calls when a browser joins or a room closes. */
  hooks: MediaSessionHooks;
  /** The router context (for tests that drive areas directly). */
  ctx: RouterContext;
  /** Record the public origin once known (`http://host:port`); derives baseUrl and mediaUrl. */
  setOrigin(origin: string): void;
  /** Attach a media endpoint: the control API's end route then ends rooms through it. */
  setMedia(media: MediaEndpoint | undefined): void;
  /** The seeded API keys (stable across resets). */
  apiKeys(): SeededApiKeys;
  /** Restore the seed. */
  reset(): void;
}

function defaultLog(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * Build the emulator's app and state without listening.
 *
 * @example
 * const emu = createEmulator({ seed: 7 });
 * const server = http.createServer(emu.app);
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const log = options.log ?? defaultLog;
  const state = new EmulatorState({ seed: options.seed, now: options.now });
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const timeoutMs = options.webhookTimeoutMs ?? 5000;
  let origin = '';
  let media: MediaEndpoint | undefined;

  const deliverWebhook = async (url: string, payload: unknown): Promise<void> => {
    const sentAt = state.clock.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'voice-session-emulator' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Drain so the connection is released.
      await response.arrayBuffer().catch(() => undefined);
      state.webhooks.record({ url, payload, sentAt, status: response.status, error: null });
    } catch (error) {
      state.webhooks.record({ url, payload, sentAt, status: null, error: error instanceof Error ? error.message : String(error) });
    }
  };

  const realtime = (): RealtimeState => state.area<RealtimeState>('realtime');
  const hooks: MediaSessionHooks = {
    admit(sessionId) {
      const result = realtime().admit(sessionId);
      return result.ok ? { ok: true } : result;
    },
    ended(sessionId) {
      realtime().end(sessionId);
    },
  };

  const ctx: RouterContext = {
    state,
    clock: state.clock,
    random: state.random,
    deliverWebhook,
    urls: () => ({
      origin,
      baseUrl: origin ? `${origin}/api` : '',
      mediaUrl: origin ? origin.replace(/^http/, 'ws') : '',
    }),
    tokenSecret: secret,
    media: () => media,
  };
  const app = createApp({ ctx, log });

  return {
    app,
    state,
    clock: state.clock,
    secret,
    hooks,
    ctx,
    setOrigin(value) {
      origin = value.replace(/\/+$/, '');
    },
    setMedia(value) {
      media = value;
    },
    apiKeys: () => ({
      primary: state.accounts.seededApiKey('primary'),
      secondary: state.accounts.seededApiKey('secondary'),
      member: state.accounts.seededApiKey('member'),
    }),
    reset: () => state.reset(),
  };
}

/** Options of {@link startEmulator}. */
export interface StartEmulatorOptions extends EmulatorOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** `false` serves no media endpoint (API only). Default: attach it when available. */
  media?: false;
  /** `false` attaches the media endpoint without the demo voice agent. Default: with the agent. */
  agent?: false;
}

/** A listening emulator. */
export interface RunningEmulator {
  /** API root, e.g. `http://127.0.0.1:4010/api`. */
  baseUrl: string;
  /** Media (LiveKit signalling) URL, e.g. `ws://127.0.0.1:4010`. */
  mediaUrl: string;
  /** Control API root, e.g. `http://127.0.0.1:4010/_emulator`. */
  controlUrl: string;
  apiKeys: SeededApiKeys;
  clock: EmulatorClock;
  emulator: Emulator;
  server: Server;
  /** The attached media endpoint, if one was available. */
  media: MediaEndpoint | undefined;
  /** Stop listening, end every room and timer. Idempotent. */
  close(): Promise<void>;
}

/** The media endpoint and demo agent factories, as `src/media` and `src/agent` export them. */
export interface MediaModules {
  createMediaEndpoint(options: MediaEndpointOptions): MediaEndpoint;
  /** Absent when the agent is not wanted or could not be loaded. */
  createAgent?: MediaEndpointOptions['createAgent'];
}

/** Loads {@link MediaModules}; undefined when the media endpoint cannot be served. */
export type MediaLoader = (withAgent: boolean, log: (line: string) => void) => Promise<MediaModules | undefined>;

/**
 * Start an emulator, getting the media endpoint and agent from `loadMedia` (see `startEmulator` in
 * `start.ts` for the lazily loading default; the CLI passes statically imported modules).
 */
export async function startEmulatorWith(loadMedia: MediaLoader, options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = createEmulator(options);
  const log = options.log ?? defaultLog;
  const server = createServer(emulator.app);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  emulator.setOrigin(`http://${shownHost}:${port}`);

  let media: MediaEndpoint | undefined;
  if (options.media !== false) {
    const modules = await loadMedia(options.agent !== false, log);
    media = modules?.createMediaEndpoint({
      secret: emulator.secret,
      now: () => emulator.clock.now(),
      hooks: emulator.hooks,
      log,
      ...(modules.createAgent ? { createAgent: modules.createAgent } : {}),
    });
    if (media) {
      media.attach(server);
      emulator.setMedia(media);
    }
  }

  const urls = emulator.ctx.urls();
  let closing: Promise<void> | undefined;
  return {
    baseUrl: urls.baseUrl,
    mediaUrl: urls.mediaUrl,
    controlUrl: `${urls.origin}/_emulator`,
    apiKeys: emulator.apiKeys(),
    clock: emulator.clock,
    emulator,
    server,
    media,
    close() {
      closing ??= (async () => {
        await media?.close().catch((e: unknown) => log(`emulator: media close failed: ${String(e)}`));
        emulator.clock.clear();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
