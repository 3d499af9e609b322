import { deflateRawSync } from 'node:zlib';
import {
  DataPacket,
  DataStream_Chunk,
  DataStream_CompressionType,
  DataStream_Header,
  DataStream_TextHeader,
  DataStream_Trailer,
} from '@livekit/protocol';
import { describe, expect, it } from 'vitest';
import { IncomingTextStreams, OutgoingTextStream } from './text-streams.js';
import type { IncomingText } from './text-streams.js';

const sender = { identity: 'agent-AJ_1', sid: 'PA_1' };

describe('OutgoingTextStream', () => {
  it('sends a header, one chunk per write and a trailer with the closing attributes', () => {
    const sent: DataPacket[] = [];
    const stream = new OutgoingTextStream((p) => sent.push(p), sender, 'lk.transcription', { 'lk.segment_id': 'SG_1' }, 1_000);
    stream.write('Hello ');
    stream.write('world');
    stream.close({ 'lk.transcription_final': 'true' });
    stream.write('ignored after close');
    expect(sent.map((p) => p.value.case)).toEqual(['streamHeader', 'streamChunk', 'streamChunk', 'streamTrailer']);
    const [header, first, second, trailer] = sent.map((p) => p.value.value);
    expect(header).toMatchObject({ topic: 'lk.transcription', streamId: stream.id, attributes: { 'lk.segment_id': 'SG_1' } });
    expect((header as DataStream_Header).contentHeader.case).toBe('textHeader');
    expect(new TextDecoder().decode((first as DataStream_Chunk).content)).toBe('Hello ');
    expect((second as DataStream_Chunk).chunkIndex).toBe(1n);
    expect((trailer as DataStream_Trailer).attributes).toEqual({ 'lk.transcription_final': 'true' });
    expect(sent.every((p) => p.participantIdentity === 'agent-AJ_1' && p.participantSid === 'PA_1')).toBe(true);
  });

  it('round-trips through the incoming assembler, with trailer attributes merged', () => {
    const received: IncomingText[] = [];
    const incoming = new IncomingTextStreams((t) => received.push(t));
    const stream = new OutgoingTextStream((p) => incoming.handle(DataPacket.fromBinary(p.toBinary()), 'u'), sender, 'lk.chat', { a: '1' }, 0);
    stream.write('héllo ');
    stream.write('there');
    stream.close({ b: '2' });
    expect(received).toEqual([{ topic: 'lk.chat', senderIdentity: 'u', attributes: { a: '1', b: '2' }, text: 'héllo there' }]);
  });
});

describe('IncomingTextStreams', () => {
  it('reads single-packet streams, compressed or not', () => {
    const received: string[] = [];
    const incoming = new IncomingTextStreams((t) => received.push(t.text));
    const header = (inlineContent: Uint8Array, compression: DataStream_CompressionType) =>
      new DataPacket({
        value: {
          case: 'streamHeader',
          value: new DataStream_Header({
            streamId: `S${received.length}`,
            topic: 'lk.chat',
            inlineContent,
            compression,
            contentHeader: { case: 'textHeader', value: new DataStream_TextHeader() },
          }),
        },
      });
    incoming.handle(header(new TextEncoder().encode('plain'), DataStream_CompressionType.NONE), 'u');
    incoming.handle(header(new Uint8Array(deflateRawSync('squeezed')), DataStream_CompressionType.DEFLATE_RAW), 'u');
    expect(received).toEqual(['plain', 'squeezed']);
  });

  it('ignores chunks of unknown streams and reports non-stream packets as unhandled', () => {
    const received: IncomingText[] = [];
    const incoming = new IncomingTextStreams((t) => received.push(t));
    const chunk = new DataPacket({ value: { case: 'streamChunk', value: new DataStream_Chunk({ streamId: 'nope', content: new Uint8Array([1]) }) } });
    expect(incoming.handle(chunk, 'u')).toBe(true);
    expect(incoming.handle(new DataPacket({ value: { case: 'rpcAck', value: {} as never } }), 'u')).toBe(false);
    expect(received).toEqual([]);
  });
});
