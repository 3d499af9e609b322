/**
 * LiveKit data streams over `DataPacket`s: the outgoing text streams the agent publishes
 * (transcripts, RPC requests) and the reassembly of the browser's incoming ones (`lk.chat`,
 * `lk.rpc_response`).
 */
import { inflateRawSync } from 'node:zlib';
import {
  DataPacket,
  DataPacket_Kind,
  DataStream_Chunk,
  DataStream_CompressionType,
  DataStream_Header,
  DataStream_OperationType,
  DataStream_TextHeader,
  DataStream_Trailer,
} from '@livekit/protocol';
import { newSid } from './sids.js';

/** Who a packet is from, as the browser will see it. */
export interface PacketSender {
  identity: string;
  sid: string;
}

/** Sends one packet to the browser on the reliable channel. */
export type PacketSend = (packet: DataPacket) => void;

/** Keep chunks well under the SCTP message size livekit-client itself uses (15 KB). */
const MAX_CHUNK_BYTES = 15_000;

/**
 * An outgoing text stream: header on open, one chunk per write, trailer on close.
 * Trailer attributes are merged into the header's by the receiver.
 */
export class OutgoingTextStream {
  readonly id = newSid('TS');
  private chunkIndex = 0n;
  private closed = false;

  constructor(
    private readonly send: PacketSend,
    private readonly sender: PacketSender,
    topic: string,
    attributes: Record<string, string>,
    nowMs: number,
  ) {
    const header = new DataStream_Header({
      streamId: this.id,
      timestamp: BigInt(Math.floor(nowMs)),
      topic,
      mimeType: 'text/plain',
      attributes,
      contentHeader: {
        case: 'textHeader',
        value: new DataStream_TextHeader({ operationType: DataStream_OperationType.CREATE, generated: false }),
      },
    });
    this.packet({ case: 'streamHeader', value: header });
  }

  /** Append text (split into chunks the data channel accepts). */
  write(text: string): void {
    if (this.closed || !text) return;
    const bytes = new TextEncoder().encode(text);
    for (let offset = 0; offset < bytes.length; offset += MAX_CHUNK_BYTES) {
      const content = bytes.subarray(offset, offset + MAX_CHUNK_BYTES);
      const chunk = new DataStream_Chunk({ streamId: this.id, chunkIndex: this.chunkIndex++, content });
      this.packet({ case: 'streamChunk', value: chunk });
    }
  }

  /** End the stream; `attributes` override the header's (e.g. `lk.transcription_final`). */
  close(attributes: Record<string, string> = {}): void {
    if (this.closed) return;
    this.closed = true;
    this.packet({ case: 'streamTrailer', value: new DataStream_Trailer({ streamId: this.id, reason: '', attributes }) });
  }

  private packet(value: DataPacket['value']): void {
    this.send(
      new DataPacket({
        kind: DataPacket_Kind.RELIABLE,
        participantIdentity: this.sender.identity,
        participantSid: this.sender.sid,
        value,
      }),
    );
  }
}

/** A whole text stream the browser sent. */
export interface IncomingText {
  topic: string;
  senderIdentity: string;
  attributes: Record<string, string>;
  text: string;
}

interface Pending {
  header: DataStream_Header;
  chunks: Uint8Array[];
  bytes: number;
  senderIdentity: string;
}

/** Upper bound on one incoming stream: typed text and RPC answers are small; this stops a runaway page. */
const MAX_INCOMING_BYTES = 1_000_000;
/** Streams opened and never closed are dropped beyond this many, oldest first. */
const MAX_OPEN_STREAMS = 32;

/** Reassembles the browser's text streams from header / chunk / trailer packets. */
export class IncomingTextStreams {
  private readonly open = new Map<string, Pending>();

  constructor(private readonly onText: (text: IncomingText) => void) {}

  /** Feed one packet; returns false when it is not a stream packet. */
  handle(packet: DataPacket, senderIdentity: string): boolean {
    const value = packet.value;
    switch (value.case) {
      case 'streamHeader':
        this.onHeader(value.value, senderIdentity);
        return true;
      case 'streamChunk': {
        const pending = this.open.get(value.value.streamId);
        if (!pending) return true;
        pending.bytes += value.value.content.length;
        if (pending.bytes > MAX_INCOMING_BYTES) {
          this.open.delete(value.value.streamId);
          return true;
        }
        pending.chunks.push(value.value.content);
        return true;
      }
      case 'streamTrailer': {
        const pending = this.open.get(value.value.streamId);
        if (!pending) return true;
        this.open.delete(value.value.streamId);
        this.deliver(pending, value.value.attributes);
        return true;
      }
      default:
        return false;
    }
  }

  clear(): void {
    this.open.clear();
  }

  private onHeader(header: DataStream_Header, senderIdentity: string): void {
    if (header.contentHeader.case !== 'textHeader') return;
    if (header.inlineContent !== undefined) {
      // Single-packet stream (client protocol 2): the whole payload rides in the header.
      const raw =
        header.compression === DataStream_CompressionType.DEFLATE_RAW
          ? new Uint8Array(inflateRawSync(header.inlineContent, { maxOutputLength: MAX_INCOMING_BYTES }))
          : header.inlineContent;
      this.deliver({ header, chunks: [raw], bytes: raw.length, senderIdentity }, {});
      return;
    }
    if (this.open.size >= MAX_OPEN_STREAMS) {
      const oldest = this.open.keys().next().value;
      if (oldest !== undefined) this.open.delete(oldest);
    }
    this.open.set(header.streamId, { header, chunks: [], bytes: 0, senderIdentity });
  }

  private deliver(pending: Pending, trailerAttributes: Record<string, string>): void {
    let bytes = concat(pending.chunks);
    if (pending.header.compression === DataStream_CompressionType.DEFLATE_RAW && pending.header.inlineContent === undefined) {
      bytes = new Uint8Array(inflateRawSync(bytes, { maxOutputLength: MAX_INCOMING_BYTES }));
    }
    this.onText({
      topic: pending.header.topic,
      senderIdentity: pending.senderIdentity,
      attributes: { ...pending.header.attributes, ...trailerAttributes },
      text: new TextDecoder().decode(bytes),
    });
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
