/**
 * The logger seam and its redaction: the API key and every token stay out of log lines.
 */

type LogMethod = (details: Record<string, unknown>, message: string) => void;

/**
 * The logger the client accepts: pino's and `console`'s shape both fit. Calls pass structured details first and the
 * message second (pino's order; `console` prints both).
 */
export interface Logger {
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

// Keys whose values are credentials wherever they appear: headers, bodies, error payloads.
const SECRET_KEY = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|password|sip_password|secret)$|token/i;

/**
 * Returns a deep copy of `value` with credentials replaced by `[redacted]`: any key named like a token,
 * `Authorization`, an API key or a password, and any occurrence of the `secrets` strings inside other values.
 *
 * @example
 * redact({ headers: { Authorization: 'Bearer sk' }, body: { token: 't' } }); // both values become '[redacted]'
 */
export function redact(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 8) return '[truncated]';
  if (typeof Headers !== 'undefined' && value instanceof Headers) {
    return redact(Object.fromEntries(value.entries()), secrets, depth + 1);
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets, depth + 1));
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `[file ${value.size} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== null && item !== undefined ? REDACTED : redact(item, secrets, depth + 1);
  }
  return out;
}

// A query parameter of a logged URL whose name says it carries a credential (`?token=…`, `&api_key=…`).
const SECRET_QUERY_PARAM = /([?&][^=&#\s]*(?:token|api[-_]?key|password|secret)[^=&#\s]*=)[^&#\s]*/gi;

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out.replace(/Bearer\s+[^\s"',]+/gi, `Bearer ${REDACTED}`).replace(SECRET_QUERY_PARAM, `$1${REDACTED}`);
}

/** A logger that redacts every details object before handing it to `target`. */
export function createRedactingLogger(target: Logger | undefined, secrets: () => readonly string[]): Logger | undefined {
  if (!target) return undefined;
  const wrap =
    (level: keyof Logger): LogMethod =>
    (details, message) =>
      target[level](redact(details, secrets()) as Record<string, unknown>, scrub(message, secrets()));
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
