import { pino, type DestinationStream, type Level } from 'pino';

/** The logging surface the handler uses; a pino logger satisfies it, and so can any other. */
export interface SessionLogger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

/** Options of {@link createServerLogger}. */
export interface ServerLoggerOptions {
  /** Scrubbed from every line by value, wherever it appears. */
  apiKey?: string;
  /** Default `info`. */
  level?: Level | 'silent';
  /** Where lines go; default stdout. */
  destination?: DestinationStream;
}

// Field names that may carry a credential anywhere in a logged object.
const REDACT_PATHS = [
  'authorization',
  'token',
  'apiKey',
  'api_key',
  'participant_token',
  '*.authorization',
  '*.token',
  '*.apiKey',
  '*.api_key',
  '*.participant_token',
  '*.headers.authorization',
  '*.headers.cookie',
];

/**
 * A pino logger that redacts `authorization`, `token` and API-key fields by path, and then scrubs the
 * API key's value from the finished line, so even a key inside an error message never reaches the log.
 *
 * @example
 * ```ts
 * const logger = createServerLogger({ apiKey: process.env.VOICE_SESSION_API_KEY });
 * ```
 */
export function createServerLogger(options: ServerLoggerOptions = {}): SessionLogger {
  const secrets = secretForms(options.apiKey);
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'voice-session-server' },
      redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
      hooks: {
        streamWrite: (line) => secrets.reduce((out, secret) => out.split(secret).join('[Redacted]'), line),
      },
    },
    options.destination ?? pino.destination(1),
  );
}

// The key as written raw and as JSON would escape it inside a string.
function secretForms(apiKey: string | undefined): string[] {
  if (!apiKey) return [];
  return [...new Set([apiKey, JSON.stringify(apiKey).slice(1, -1)])];
}
