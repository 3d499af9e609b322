/**
 * Test-only entry: one copy of the token server, as `voice-session-server` would run it with
 * `VOICE_SESSION_REDIS_URL`, plus one thing the real CLI cannot do: its clock follows the emulator's
 * (`GET /_emulator/clock` before each request), so a test that advances the emulator clock moves every
 * copy's `now` with it. Run: `node --conditions=source --import tsx test/support/redis-token-server.ts`.
 *
 * Environment: VOICE_SESSION_API_KEY, VOICE_SESSION_BASE_URL, VOICE_SESSION_ASSISTANT_ID,
 * VOICE_SESSION_REDIS_URL, VOICE_SESSION_REDIS_PREFIX, EMULATOR_CONTROL_URL, and CLIENT_RATE_LIMIT
 * (requests per minute per IP, or `off`). Logs pino JSON lines to stdout; the first says `listening`
 * with the port.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createServerLogger, RedisLimitStore } from '@voice-session/server';
import { createSessionRouter } from '@voice-session/server/express';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`redis-token-server: ${name} is not set\n`);
    process.exit(1);
  }
  return value;
}

const apiKey = required('VOICE_SESSION_API_KEY');
const controlUrl = required('EMULATOR_CONTROL_URL');
const clientLimit = process.env['CLIENT_RATE_LIMIT'] ?? '1000';
const logger = createServerLogger({ apiKey });
const store = new RedisLimitStore(required('VOICE_SESSION_REDIS_URL'), {
  keyPrefix: process.env['VOICE_SESSION_REDIS_PREFIX'] ?? '',
  logger,
});

// The emulator's time at the last sync, carried forward by this process's monotonic clock.
let synced = { emulatorMs: Date.now(), at: performance.now() };
const now = (): number => synced.emulatorMs + (performance.now() - synced.at);

const app = express();
app.disable('x-powered-by');
app.use(async (_req, _res, next) => {
  try {
    const response = await fetch(`${controlUrl}/clock`);
    const body = (await response.json()) as { now: string };
    synced = { emulatorMs: Date.parse(body.now), at: performance.now() };
    next();
  } catch (error) {
    next(error);
  }
});
app.use(
  createSessionRouter({
    apiKey,
    baseUrl: required('VOICE_SESSION_BASE_URL'),
    assistantId: required('VOICE_SESSION_ASSISTANT_ID'),
    store,
    now,
    logger,
    clientRateLimit: clientLimit === 'off' ? false : { limit: Number(clientLimit), windowMs: 60_000 },
    ...(clientLimit === 'off' ? {} : { rateLimitStore: store.createRateLimitStore() }),
  }),
);

const server = app.listen(0, '127.0.0.1', () => {
  logger.info({ port: (server.address() as AddressInfo).port }, 'listening');
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void store.close().finally(() => process.exit(0));
});
