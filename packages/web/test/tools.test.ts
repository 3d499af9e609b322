import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VoiceSession, type ToolContext } from '../src/index.js';
import { FakeRpcError, createFakeRuntime, makeToken, type FakeRoom, type FakeRuntime } from './fake-livekit.js';

let fake: FakeRuntime;
let session: VoiceSession;

beforeEach(() => {
  fake = createFakeRuntime();
  session = new VoiceSession({ url: 'wss://media.example.test', token: makeToken(), loadRuntime: fake.load });
});
afterEach(() => session.stop());

async function connected(): Promise<FakeRoom> {
  await session.start();
  return fake.rooms[0]!;
}

async function rpcFailure(promise: Promise<string>): Promise<FakeRpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FakeRpcError);
  return error as FakeRpcError;
}

describe('registerTool', () => {
  it('exposes a tool registered before start with parsed params, the caller and a live signal', async () => {
    const calls: Array<[unknown, ToolContext]> = [];
    session.registerTool('get_weather', (params, context) => {
      calls.push([params, context]);
      return { city: (params as { city: string }).city, celsius: 21 };
    });
    const room = await connected();
    await expect(room.callRpc('get_weather', '{"city":"Oslo"}')).resolves.toBe('{"city":"Oslo","celsius":21}');
    expect(calls[0]![0]).toEqual({ city: 'Oslo' });
    expect(calls[0]![1].callerIdentity).toBe('agent-AJ_1');
    expect(calls[0]![1].signal).toBeInstanceOf(AbortSignal);
  });

  it('sends a string result as-is and treats an empty payload as no params', async () => {
    const seen: unknown[] = [];
    const room = await connected();
    session.registerTool('ping', async (params) => {
      seen.push(params);
      return 'pong';
    });
    await expect(room.callRpc('ping', '')).resolves.toBe('pong');
    expect(seen).toEqual([{}]);
  });

  it('answers a handler error as an application RPC error carrying its message', async () => {
    session.registerTool('book', () => {
      throw new Error('No free slot on Friday');
    });
    const room = await connected();
    const error = await rpcFailure(room.callRpc('book', '{}'));
    expect(error.code).toBe(1500);
    expect(error.message).toBe('No free slot on Friday');
  });

  it('answers parameters that are not JSON as an application RPC error without calling the handler', async () => {
    let called = false;
    session.registerTool('book', () => (called = true));
    const room = await connected();
    expect((await rpcFailure(room.callRpc('book', '{oops'))).code).toBe(1500);
    expect(called).toBe(false);
  });

  it('answers a timeout once, aborts the handler signal and ignores the late result', async () => {
    let signal: AbortSignal | undefined;
    let finish!: (value: string) => void;
    session.registerTool('slow', (_params, context) => {
      signal = context.signal;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    const room = await connected();
    const answer = room.callRpc('slow', '{}', 20);
    const error = await rpcFailure(answer);
    expect(error.code).toBe(1502);
    expect(signal?.aborted).toBe(true);
    finish('too late');
    await expect(answer).rejects.toBe(error);
  });

  it('aborts running tools and unregisters every method when the session stops', async () => {
    let signal: AbortSignal | undefined;
    session.registerTool('slow', (_params, context) => {
      signal = context.signal;
      return new Promise<string>(() => undefined);
    });
    const room = await connected();
    const answer = room.callRpc('slow', '{}');
    await expect.poll(() => signal).toBeDefined();
    await session.stop();
    expect(signal!.aborted).toBe(true);
    expect((await rpcFailure(answer)).code).toBe(1502);
    expect(room.rpcHandlers.size).toBe(0);
  });

  it('registers during a call, replaces a tool of the same name, and unregisters on request', async () => {
    const room = await connected();
    session.registerTool('answer', () => 'first');
    const unregister = session.registerTool('answer', () => 'second');
    await expect(room.callRpc('answer', '{}')).resolves.toBe('second');
    unregister();
    expect(room.rpcHandlers.has('answer')).toBe(false);
    await expect(room.callRpc('answer', '{}')).rejects.toThrow('unsupported method');
  });

  it('binds tools again on the next call', async () => {
    session.registerTool('echo', (params) => params);
    await connected();
    await session.stop();
    await session.start();
    await expect(fake.rooms[1]!.callRpc('echo', '[1,2]')).resolves.toBe('[1,2]');
  });
});
