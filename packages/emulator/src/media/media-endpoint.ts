/**
 * The LiveKit-compatible media endpoint on the emulator's HTTP server: admits browsers on
 * `/rtc/v1` (and the legacy `/rtc`), answers `/validate` the way LiveKit does, and keeps one
 * room per live realtime session.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { DisconnectReason } from '@livekit/protocol';
import { WebSocketServer } from 'ws';
import type { MediaEndpoint, MediaEndpointOptions, RealtimeTokenClaims } from './contract.js';
import { matchRtcRoute, readJoinRequest, readToken } from './join-request.js';
import { Room } from './room.js';
import { SignalConnection } from './signal-connection.js';
import { checkRealtimeToken, expiredRefusal, roomRefusal } from './token-check.js';
import type { TokenRefusal } from './token-check.js';

/** Refusals remembered so `/validate` repeats a session-level refusal (unknown, ended) verbatim. */
const MAX_REMEMBERED_REFUSALS = 256;

/** A media endpoint plus a request handler for hosts that prefer to route `/validate` themselves. */
export interface AttachableMediaEndpoint extends MediaEndpoint {
  /** Answer `GET …/rtc[/v1]/validate`; returns false (untouched) for any other request. */
  handleRequest(request: IncomingMessage, response: ServerResponse): boolean;
}

/**
 * Create the media endpoint; `attach()` it to the HTTP server the emulator listens on.
 * @example
 * const media = createMediaEndpoint({ secret, now: () => clock.now(), hooks });
 * media.attach(httpServer);
 */
export function createMediaEndpoint(options: MediaEndpointOptions): AttachableMediaEndpoint {
  const log = options.log ?? ((line: string) => console.error(line));
  const rooms = new Map<string, Room>();
  const refusals = new Map<string, TokenRefusal>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  const detachers: Array<() => void> = [];
  let closing = false;

  const remember = (token: string | null, refusal: TokenRefusal) => {
    if (!token) return;
    refusals.delete(token);
    refusals.set(token, refusal);
    if (refusals.size > MAX_REMEMBERED_REFUSALS) {
      const oldest = refusals.keys().next().value;
      if (oldest !== undefined) refusals.delete(oldest);
    }
  };

  const openRoom = (sessionId: string): Room => {
    const room: Room = new Room({
      sessionId,
      now: options.now,
      createAgent: options.createAgent,
      log,
      onClosed: () => {
        if (rooms.get(sessionId) === room) rooms.delete(sessionId);
        options.hooks.ended(sessionId);
      },
    });
    rooms.set(sessionId, room);
    return room;
  };

  /** Token, then session admission; a live room is rejoined without a second admission. */
  const admit = async (token: string | null): Promise<{ ok: true; claims: RealtimeTokenClaims; room: Room | null } | TokenRefusal> => {
    const check = await checkRealtimeToken(token, options.secret, options.now());
    if (!check.ok) return check;
    const sessionId = check.claims.video.room;
    const live = rooms.get(sessionId);
    if (live && !live.isClosed) return { ok: true, claims: check.claims, room: live };
    const verdict = options.hooks.admit(sessionId, check.claims);
    if (!verdict.ok) {
      const refusal = verdict.reason === 'expired' ? expiredRefusal() : roomRefusal(verdict.reason);
      remember(token, refusal);
      return refusal;
    }
    return { ok: true, claims: check.claims, room: null };
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = matchRtcRoute(url.pathname);
    if (!route || route.kind !== 'signal') return; // another WebSocket service on this server
    socket.on('error', () => socket.destroy());
    if (closing) {
      refuseUpgrade(socket, { status: 503, message: 'server is shutting down' });
      return;
    }
    const token = readToken(url, request);
    void admit(token).then(
      (result) => {
        if (!result.ok) {
          refuseUpgrade(socket, result);
          return;
        }
        let joinRequest;
        try {
          joinRequest = readJoinRequest(url, route.version);
        } catch {
          if (!result.room) options.hooks.ended(result.claims.video.room);
          refuseUpgrade(socket, { status: 400, message: 'invalid join request' });
          return;
        }
        const sessionId = result.claims.video.room;
        let upgraded = false;
        // A socket that dies mid-handshake must not leave the session live without a room.
        socket.once('close', () => {
          if (!upgraded && !result.room && !rooms.has(sessionId)) options.hooks.ended(sessionId);
        });
        wss.handleUpgrade(request, socket, head, (ws) => {
          upgraded = true;
          const existing = rooms.get(sessionId);
          if (result.room && result.room !== existing) {
            // The live room this join was admitted into ended during the handshake.
            ws.close(1000, 'room closed');
            return;
          }
          const room = existing ?? openRoom(sessionId);
          room.join(new SignalConnection(ws, () => Date.now(), options.pingTimeoutMs), joinRequest, result.claims);
        });
      },
      (error: unknown) => {
        log(`media: admission failed: ${error instanceof Error ? error.message : String(error)}`);
        refuseUpgrade(socket, { status: 500, message: 'internal error' });
      },
    );
  };

  const handleRequest = (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = matchRtcRoute(url.pathname);
    if (!route || route.kind !== 'validate' || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const token = readToken(url, request);
    const remembered = token ? refusals.get(token) : undefined;
    const answer = (status: number, body: string) => {
      response.writeHead(status, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        // livekit-client fetches this cross-origin from the page.
        'access-control-allow-origin': '*',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (remembered) {
      answer(remembered.status, remembered.message);
      return true;
    }
    void checkRealtimeToken(token, options.secret, options.now()).then((check) => {
      if (check.ok) answer(200, 'success');
      else answer(check.status, check.message);
    });
    return true;
  };

  return {
    handleRequest,

    attach(server: Server): void {
      server.on('upgrade', onUpgrade);
      // Route `/validate` before the host's own request listeners (Express would answer 404),
      // whatever order they were added in.
      const emit = server.emit;
      server.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
        if (event === 'request' && handleRequest(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
        return emit.apply(this, [event, ...args] as unknown as Parameters<Server['emit']>);
      } as Server['emit'];
      detachers.push(() => {
        server.off('upgrade', onUpgrade);
        server.emit = emit;
      });
    },

    endRoom(sessionId, reason = 'server'): boolean {
      const room = rooms.get(sessionId);
      if (!room) return false;
      room.end(reason === 'expired' ? DisconnectReason.ROOM_CLOSED : DisconnectReason.ROOM_DELETED);
      return true;
    },

    roomCount(): number {
      return rooms.size;
    },

    async close(): Promise<void> {
      closing = true;
      for (const room of [...rooms.values()]) room.end(DisconnectReason.SERVER_SHUTDOWN);
      rooms.clear();
      refusals.clear();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const detach of detachers.splice(0)) detach();
    },
  };
}

/** Answer a refused upgrade with a plain HTTP response, as LiveKit's server does. */
function refuseUpgrade(socket: Duplex, refusal: { status: number; message: string }): void {
  const status = refusal.status;
  if (socket.destroyed) return;
  const body = Buffer.from(refusal.message, 'utf8');
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error', 503: 'Service Unavailable' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n${body.toString('utf8')}`,
  );
}
