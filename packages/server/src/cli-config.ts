import { SessionServerError } from './errors.js';
import type { SessionRouterOptions } from './express.js';

/** What the standalone server needs: the router's options and the port to listen on. */
export interface CliConfig {
  router: SessionRouterOptions;
  port: number;
  /** Shared counters for several copies (`VOICE_SESSION_REDIS_URL`, `VOICE_SESSION_REDIS_PREFIX`); absent: in memory. */
  redis?: { url: string; keyPrefix: string };
}

const DEFAULT_PORT = 8787;

/**
 * Reads the standalone server's configuration from the environment and `--port`; throws a
 * {@link SessionServerError} with a one-line message when something is missing or malformed.
 */
export function readCliConfig(env: Readonly<Record<string, string | undefined>>, argv: readonly string[]): CliConfig {
  const apiKey = env['VOICE_SESSION_API_KEY']?.trim();
  if (!apiKey) throw new SessionServerError('CONFIG_INVALID', 'VOICE_SESSION_API_KEY is not set; export the platform API key and start again.');
  const router: SessionRouterOptions = { apiKey };
  const baseUrl = env['VOICE_SESSION_BASE_URL']?.trim();
  if (baseUrl) router.baseUrl = baseUrl;

  const single = env['VOICE_SESSION_ASSISTANT_ID']?.trim();
  const map = env['VOICE_SESSION_ASSISTANTS']?.trim();
  if (single && map) throw new SessionServerError('CONFIG_INVALID', 'Set VOICE_SESSION_ASSISTANT_ID or VOICE_SESSION_ASSISTANTS, not both.');
  if (single) router.assistantId = single;
  else if (map) router.assistants = parseAssistants(map);
  else throw new SessionServerError('CONFIG_INVALID', 'Set VOICE_SESSION_ASSISTANT_ID, or VOICE_SESSION_ASSISTANTS as a JSON map of alias to assistant id.');

  const origins = (env['VOICE_SESSION_ALLOWED_ORIGINS'] ?? '').split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of origins) {
    if (!isOrigin(origin)) throw new SessionServerError('CONFIG_INVALID', `VOICE_SESSION_ALLOWED_ORIGINS: "${origin}" is not an origin like https://shop.example.`);
  }
  if (origins.length > 0) router.allowedOrigins = origins;

  const config: CliConfig = { router, port: parsePort(portArgument(argv) ?? env['PORT'] ?? String(DEFAULT_PORT)) };
  const redisUrl = env['VOICE_SESSION_REDIS_URL']?.trim();
  if (redisUrl) config.redis = { url: parseRedisUrl(redisUrl), keyPrefix: env['VOICE_SESSION_REDIS_PREFIX']?.trim() ?? '' };
  return config;
}

function parseRedisUrl(value: string): string {
  let protocol: string | undefined;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = undefined;
  }
  // Never echo the value: a Redis URL may carry a password.
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new SessionServerError('CONFIG_INVALID', 'VOICE_SESSION_REDIS_URL must be a redis:// or rediss:// URL.');
  }
  return value;
}

function parseAssistants(json: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new SessionServerError('CONFIG_INVALID', 'VOICE_SESSION_ASSISTANTS is not valid JSON; expected {"alias": "assistant-uuid"}.');
  }
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
  if (entries.length === 0 || entries.some(([, id]) => typeof id !== 'string' || id === '')) {
    throw new SessionServerError('CONFIG_INVALID', 'VOICE_SESSION_ASSISTANTS must be a JSON object mapping aliases to assistant ids.');
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

function portArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--port') {
      const next = argv[i + 1];
      if (next === undefined) throw new SessionServerError('CONFIG_INVALID', '--port needs a value.');
      return next;
    }
    if (arg.startsWith('--port=')) return arg.slice('--port='.length);
  }
  return undefined;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SessionServerError('CONFIG_INVALID', `Port "${value}" is not a number from 0 to 65535.`);
  }
  return port;
}

// Exact-match comparison needs the canonical form a browser sends: scheme://host[:port], no path or slash.
function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}
