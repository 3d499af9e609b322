/**
 * RPC from the agent to a method the browser registered, as LiveKit Agents calls it: over text
 * streams (`lk.rpc_request` / `lk.rpc_response`, RPC v2) when the browser's client protocol is ≥ 1,
 * else with `RpcRequest` packets (v1). Acks and errors always come back as packets.
 */
import { DataPacket, DataPacket_Kind, RpcRequest } from '@livekit/protocol';
import { randomUUID } from 'node:crypto';
import { OutgoingTextStream } from './text-streams.js';
import type { IncomingText, PacketSend, PacketSender } from './text-streams.js';

/** An RPC call that failed: the browser's error, a timeout, or the room closing. */
export class RpcCallError extends Error {
  override readonly name = 'RpcCallError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message);
  }
}

/** livekit-client's built-in error codes the caller can meet. */
const CONNECTION_TIMEOUT = 1501;
const RESPONSE_TIMEOUT = 1502;
const RECIPIENT_DISCONNECTED = 1503;

const ACK_TIMEOUT_MS = 7_000;
const DEFAULT_RESPONSE_TIMEOUT_MS = 15_000;

interface PendingCall {
  resolve(payload: string): void;
  reject(error: RpcCallError): void;
  ackTimer: ReturnType<typeof setTimeout>;
  responseTimer: ReturnType<typeof setTimeout>;
}

export interface RpcCallerOptions {
  send: PacketSend;
  /** The agent, which makes the calls. */
  caller: PacketSender;
  /** The browser user's identity (destination). */
  destination: () => string;
  /** The browser's client protocol from its join request. */
  clientProtocol: () => number;
  now: () => number;
}

/** Tracks outstanding calls and settles them from the browser's acks and responses. */
export class RpcCaller {
  private readonly pending = new Map<string, PendingCall>();

  constructor(private readonly options: RpcCallerOptions) {}

  /** Invoke `method` in the browser; resolves with its payload. */
  perform(method: string, payload: string, responseTimeoutMs = DEFAULT_RESPONSE_TIMEOUT_MS): Promise<string> {
    const requestId = randomUUID();
    const destination = this.options.destination();
    if (!destination) return Promise.reject(new RpcCallError(RECIPIENT_DISCONNECTED, 'Recipient disconnected'));
    return new Promise<string>((resolve, reject) => {
      const fail = (error: RpcCallError) => {
        this.settle(requestId);
        reject(error);
      };
      const call: PendingCall = {
        resolve: (value) => {
          this.settle(requestId);
          resolve(value);
        },
        reject: fail,
        ackTimer: setTimeout(() => fail(new RpcCallError(CONNECTION_TIMEOUT, 'Connection timeout')), ACK_TIMEOUT_MS),
        responseTimer: setTimeout(
          () => fail(new RpcCallError(RESPONSE_TIMEOUT, 'Response timeout')),
          responseTimeoutMs,
        ),
      };
      this.pending.set(requestId, call);
      if (this.options.clientProtocol() >= 1) {
        this.sendStreamRequest(requestId, method, payload, responseTimeoutMs, destination);
      } else {
        this.sendPacketRequest(requestId, method, payload, responseTimeoutMs, destination);
      }
    });
  }

  /** Feed a packet from the browser; returns true when it belonged to an RPC. */
  handlePacket(packet: DataPacket): boolean {
    const value = packet.value;
    if (value.case === 'rpcAck') {
      const call = this.pending.get(value.value.requestId);
      if (call) clearTimeout(call.ackTimer);
      return true;
    }
    if (value.case === 'rpcResponse') {
      const call = this.pending.get(value.value.requestId);
      if (!call) return true;
      const result = value.value.value;
      if (result.case === 'payload') call.resolve(result.value);
      else if (result.case === 'error') {
        call.reject(new RpcCallError(result.value.code, result.value.message, result.value.data));
      } else call.resolve('');
      return true;
    }
    return value.case === 'rpcRequest';
  }

  /** Feed a whole incoming text stream; returns true when it was an RPC response. */
  handleText(text: IncomingText): boolean {
    if (text.topic !== 'lk.rpc_response') return false;
    const requestId = text.attributes['lk.rpc_request_id'];
    const call = requestId ? this.pending.get(requestId) : undefined;
    call?.resolve(text.text);
    return true;
  }

  /** Reject every outstanding call (the browser left or the room closed). */
  close(): void {
    for (const call of [...this.pending.values()]) {
      call.reject(new RpcCallError(RECIPIENT_DISCONNECTED, 'Recipient disconnected'));
    }
  }

  private settle(requestId: string): void {
    const call = this.pending.get(requestId);
    if (!call) return;
    clearTimeout(call.ackTimer);
    clearTimeout(call.responseTimer);
    this.pending.delete(requestId);
  }

  private sendStreamRequest(id: string, method: string, payload: string, timeoutMs: number, destination: string): void {
    const send: PacketSend = (packet) => {
      packet.destinationIdentities = [destination];
      this.options.send(packet);
    };
    const stream = new OutgoingTextStream(
      send,
      this.options.caller,
      'lk.rpc_request',
      {
        'lk.rpc_request_id': id,
        'lk.rpc_request_method': method,
        'lk.rpc_request_response_timeout_ms': String(timeoutMs),
        'lk.rpc_request_version': '2',
      },
      this.options.now(),
    );
    stream.write(payload);
    stream.close();
  }

  private sendPacketRequest(id: string, method: string, payload: string, timeoutMs: number, destination: string): void {
    this.options.send(
      new DataPacket({
        kind: DataPacket_Kind.RELIABLE,
        participantIdentity: this.options.caller.identity,
        participantSid: this.options.caller.sid,
        destinationIdentities: [destination],
        value: {
          case: 'rpcRequest',
          value: new RpcRequest({ id, method, payload, responseTimeoutMs: timeoutMs, version: 1 }),
        },
      }),
    );
  }
}
