/**
 * Reads what livekit-client puts in the signalling URL: the access token and, on `/rtc/v1`, a
 * base64url `WrappedJoinRequest` (optionally gzip-compressed) holding the `JoinRequest` with the
 * browser's first offer; on the legacy `/rtc` path, plain query parameters.
 */
import { gunzipSync } from 'node:zlib';
import { ClientInfo, JoinRequest, WrappedJoinRequest, WrappedJoinRequest_Compression } from '@livekit/protocol';
import type { IncomingMessage } from 'node:http';

/** Which signalling path a request is for, or null when it is not a media route. */
export type RtcRoute = { kind: 'signal' | 'validate'; version: 0 | 1 };

/** Matches `/rtc`, `/rtc/v1` and their `/validate` (with or without a trailing slash, under any prefix). */
export function matchRtcRoute(pathname: string): RtcRoute | null {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/rtc/v1/validate')) return { kind: 'validate', version: 1 };
  if (path.endsWith('/rtc/validate')) return { kind: 'validate', version: 0 };
  if (path.endsWith('/rtc/v1')) return { kind: 'signal', version: 1 };
  if (path.endsWith('/rtc')) return { kind: 'signal', version: 0 };
  return null;
}

/** The token from `access_token` or an `Authorization: Bearer` header (server SDKs use the header). */
export function readToken(url: URL, request: IncomingMessage): string | null {
  const fromQuery = url.searchParams.get('access_token');
  if (fromQuery) return fromQuery;
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The JoinRequest a browser sent, rebuilt from query parameters on the legacy path. */
export function readJoinRequest(url: URL, version: 0 | 1): JoinRequest {
  const wrapped = url.searchParams.get('join_request');
  if (version === 1 && wrapped) {
    const outer = WrappedJoinRequest.fromBinary(new Uint8Array(Buffer.from(wrapped, 'base64url')));
    const inner =
      outer.compression === WrappedJoinRequest_Compression.GZIP ? new Uint8Array(gunzipSync(outer.joinRequest)) : outer.joinRequest;
    return JoinRequest.fromBinary(inner);
  }
  const int = (name: string) => Number.parseInt(url.searchParams.get(name) ?? '', 10) || 0;
  return new JoinRequest({
    clientInfo: new ClientInfo({
      protocol: int('protocol'),
      clientProtocol: int('client_protocol'),
      version: url.searchParams.get('version') ?? '',
    }),
    reconnect: url.searchParams.get('reconnect') === '1',
    participantSid: url.searchParams.get('sid') ?? '',
  });
}
