/**
 * `voice-session-server`: the token server on its own. Configuration comes from the environment
 * (VOICE_SESSION_API_KEY, VOICE_SESSION_BASE_URL, VOICE_SESSION_ASSISTANT_ID or VOICE_SESSION_ASSISTANTS,
 * VOICE_SESSION_ALLOWED_ORIGINS, VOICE_SESSION_REDIS_URL, VOICE_SESSION_REDIS_PREFIX, PORT); `--port` overrides PORT.
 */
import express from 'express';
import { readCliConfig, type CliConfig } from './cli-config.js';
import { SessionServerError } from './errors.js';
import { createSessionRouter } from './express.js';
import { createServerLogger } from './logger.js';
import { RedisLimitStore } from './redis-limit-store.js';

let config: CliConfig;
try {
  config = readCliConfig(process.env, process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SessionServerError)) throw error;
  process.stderr.write(`voice-session-server: ${error.message}\n`);
  process.exit(1);
}

const logger = createServerLogger(config.router.apiKey ? { apiKey: config.router.apiKey } : {});
const app = express();
app.disable('x-powered-by');
// With Redis every copy shares the per-IP limit, the creation budget and the outstanding-token count.
const store = config.redis ? new RedisLimitStore(config.redis.url, { keyPrefix: config.redis.keyPrefix, logger }) : undefined;
app.use(createSessionRouter({ ...config.router, logger, ...(store ? { store, rateLimitStore: store.createRateLimitStore() } : {}) }));
const server = app.listen(config.port, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  logger.info({ port }, `voice-session-server listening on http://localhost:${port}`);
});
server.on('error', (error) => {
  process.stderr.write(`voice-session-server: cannot listen on port ${config.port}: ${error.message}\n`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => void (store?.close() ?? Promise.resolve()).finally(() => process.exit(0))));
}
