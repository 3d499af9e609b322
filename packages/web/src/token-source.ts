import { VoiceSessionError } from './errors.js';
import { readTokenExpiry } from './token-expiry.js';

/** Where to connect and with which token. */
export interface SessionCredentials {
  readonly url: string;
  readonly token: string;
}

/** Options naming a backend endpoint that mints a session token. */
export interface TokenEndpointOptions {
  /** URL of your backend's session endpoint (for example `@voice-session/server`'s `POST /session`). */
  tokenEndpoint: string;
  /** Extra `fetch` options (method, headers, body, credentials); the method defaults to POST. */
  fetchOptions?: RequestInit;
}

/**
 * Produces credentials for one start: the fixed ones as given, or a fresh token from the endpoint (never
 * before start, because every minted token holds one of the account's concurrent slots). Rejects a token
 * that is not a JWT or whose `exp` has passed at `now` (ms) before any connection attempt.
 */
export async function getCredentials(
  source: SessionCredentials | TokenEndpointOptions,
  signal: AbortSignal,
  now: number,
): Promise<SessionCredentials> {
  const credentials = 'tokenEndpoint' in source ? await mint(source, signal) : source;
  const exp = readTokenExpiry(credentials.token);
  if (exp === null) throw new VoiceSessionError('TOKEN_INVALID', 'Session token is not a JWT.');
  if (exp! * 1000 <= now) {
    throw new VoiceSessionError('TOKEN_EXPIRED', 'Session token expired.', { recoverable: 'tokenEndpoint' in source });
  }
  return credentials;
}

async function mint({ tokenEndpoint, fetchOptions }: TokenEndpointOptions, signal: AbortSignal) {
  const failed = (message: string, status?: number, cause?: unknown) =>
    new VoiceSessionError('TOKEN_ENDPOINT_FAILED', message, {
      status,
      cause,
      // Unreachable, rate-limited or failing servers may answer later; other refusals will not change.
      recoverable: !status || status == 429 || status >= 500,
    });
  let response: Response;
  try {
    response = await fetch(tokenEndpoint, { method: 'POST', ...fetchOptions, signal });
  } catch (cause) {
    throw failed('Token endpoint unreachable.', undefined, cause);
  }
  const { status } = response;
  if (!response.ok) throw failed(`Token endpoint answered ${status}.`, status);
  // Accepts `@voice-session/server`'s `{id, url, token, expires_in, expires_at}` and LiveKit's
  // `{server_url, participant_token}`; other fields are ignored.
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown> | null;
  const url = body?.url ?? body?.server_url;
  const token = body?.token ?? body?.participant_token;
  if (typeof url != 'string' || typeof token != 'string' || !url || !token) {
    throw failed('Token endpoint sent no url and token.', status);
  }
  return { url, token };
}
