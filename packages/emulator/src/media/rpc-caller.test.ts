import { DataPacket, RpcAck, RpcError, RpcResponse } from '@livekit/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcCaller } from './rpc-caller.js';

function caller(clientProtocol: number, destination = 'user-1') {
  const sent: DataPacket[] = [];
  const rpc = new RpcCaller({
    send: (p) => sent.push(p),
    caller: { identity: 'agent-AJ_1', sid: 'PA_1' },
    destination: () => destination,
    clientProtocol: () => clientProtocol,
    now: () => 0,
  });
  return { rpc, sent };
}

describe('RpcCaller', () => {
  afterEach(() => vi.useRealTimers());

  it('sends an RPC v2 request as a text stream to the user when the browser speaks client protocol 1+', async () => {
    const { rpc, sent } = caller(2);
    const pending = rpc.perform('get_weather', '{"city":"Oslo"}', 5_000);
    expect(sent.map((p) => p.value.case)).toEqual(['streamHeader', 'streamChunk', 'streamTrailer']);
    const header = sent[0]?.value.value as { topic: string; attributes: Record<string, string> };
    expect(header.topic).toBe('lk.rpc_request');
    expect(header.attributes).toMatchObject({
      'lk.rpc_request_method': 'get_weather',
      'lk.rpc_request_response_timeout_ms': '5000',
      'lk.rpc_request_version': '2',
    });
    expect(sent.every((p) => p.destinationIdentities.join() === 'user-1')).toBe(true);
    rpc.close();
    await expect(pending).rejects.toMatchObject({ code: 1503 });
  });

  it('settles from a v1 RpcResponse packet, payload or error', async () => {
    const { rpc, sent } = caller(0);
    const ok = rpc.perform('m', 'p');
    const request = sent[0]?.value;
    expect(request?.case).toBe('rpcRequest');
    const id = (request?.value as { id: string }).id;
    rpc.handlePacket(new DataPacket({ value: { case: 'rpcAck', value: new RpcAck({ requestId: id }) } }));
    rpc.handlePacket(new DataPacket({ value: { case: 'rpcResponse', value: new RpcResponse({ requestId: id, value: { case: 'payload', value: 'done' } }) } }));
    await expect(ok).resolves.toBe('done');

    const failing = rpc.perform('m', 'p');
    const failingId = (sent[1]?.value.value as { id: string }).id;
    rpc.handlePacket(
      new DataPacket({
        value: { case: 'rpcResponse', value: new RpcResponse({ requestId: failingId, value: { case: 'error', value: new RpcError({ code: 1400, message: 'Method not supported' }) } }) },
      }),
    );
    await expect(failing).rejects.toMatchObject({ name: 'RpcCallError', code: 1400, message: 'Method not supported' });
  });

  it('resolves from an lk.rpc_response stream carrying the request id', async () => {
    const { rpc, sent } = caller(1);
    const pending = rpc.perform('m', 'p');
    const id = (sent[0]?.value.value as { attributes: Record<string, string> }).attributes['lk.rpc_request_id'] ?? '';
    expect(rpc.handleText({ topic: 'lk.rpc_response', senderIdentity: 'user-1', attributes: { 'lk.rpc_request_id': id }, text: 'sunny' })).toBe(true);
    await expect(pending).resolves.toBe('sunny');
  });

  it('rejects on a missing ack, on close and without a recipient, leaving no timer', async () => {
    vi.useFakeTimers();
    const { rpc } = caller(1);
    const unanswered = rpc.perform('m', 'p', 60_000);
    vi.advanceTimersByTime(7_000);
    await expect(unanswered).rejects.toMatchObject({ code: 1501 });
    const closing = rpc.perform('m', 'p');
    rpc.close();
    await expect(closing).rejects.toMatchObject({ code: 1503 });
    expect(vi.getTimerCount()).toBe(0);
    await expect(caller(1, '').rpc.perform('m', 'p')).rejects.toMatchObject({ code: 1503 });
  });
});
