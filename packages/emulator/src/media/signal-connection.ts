/**
 * One browser's signalling WebSocket: binary protobuf `SignalRequest` in, `SignalResponse` out,
 * keepalive answered here, and a ping timeout that declares the browser gone.
 */
import { Pong, SignalRequest, SignalResponse } from '@livekit/protocol';
import type { WebSocket } from 'ws';

/** Seconds, announced in the JoinResponse: the browser pings every 5 s and gives up after 15 s. */
export const PING_INTERVAL_S = 5;
export const PING_TIMEOUT_S = 15;

export interface SignalConnectionHandlers {
  /** Any request other than keepalive. */
  onRequest(request: SignalRequest): void;
  /** The socket closed or went silent past the ping timeout. Called once. */
  onClose(reason: 'closed' | 'timeout'): void;
}

/** Wraps a `ws` socket speaking LiveKit's signalling protocol. */
export class SignalConnection {
  private timeout: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private handlers: SignalConnectionHandlers | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly now: () => number,
    private readonly pingTimeoutMs = PING_TIMEOUT_S * 1000,
  ) {
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data, isBinary) => this.onMessage(data as Buffer, isBinary));
    socket.on('close', () => this.finish('closed'));
    socket.on('error', () => this.finish('closed'));
  }

  /** Start delivering requests (messages before this are not expected: the join is in the URL). */
  listen(handlers: SignalConnectionHandlers): void {
    this.handlers = handlers;
    this.armTimeout();
  }

  send(message: SignalResponse['message']): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(new SignalResponse({ message }).toBinary());
  }

  /** Close the socket after flushing what was sent (e.g. a leave). */
  close(): void {
    if (this.closed) return;
    this.socket.close(1000, 'closed by server');
    this.finish('closed');
    // A browser that never acknowledges the close must not keep the socket alive.
    const kill = setTimeout(() => this.socket.terminate(), 1000);
    kill.unref();
    this.socket.once('close', () => clearTimeout(kill));
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.armTimeout();
    let request: SignalRequest;
    try {
      request = isBinary
        ? SignalRequest.fromBinary(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
        : SignalRequest.fromJsonString(data.toString('utf8'), { ignoreUnknownFields: true });
    } catch {
      return; // LiveKit drops undecodable messages rather than closing.
    }
    const message = request.message;
    if (message.case === 'ping') {
      this.send({ case: 'pong', value: BigInt(this.now()) });
      return;
    }
    if (message.case === 'pingReq') {
      this.send({
        case: 'pongResp',
        value: new Pong({ lastPingTimestamp: message.value.timestamp, timestamp: BigInt(this.now()) }),
      });
      return;
    }
    this.handlers?.onRequest(request);
  }

  private armTimeout(): void {
    if (this.timeout) clearTimeout(this.timeout);
    this.timeout = setTimeout(() => {
      this.socket.terminate();
      this.finish('timeout');
    }, this.pingTimeoutMs);
  }

  private finish(reason: 'closed' | 'timeout'): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timeout) clearTimeout(this.timeout);
    this.timeout = undefined;
    this.handlers?.onClose(reason);
  }
}
