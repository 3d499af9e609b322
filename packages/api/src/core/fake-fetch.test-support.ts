/**
 * A recording `fetch` for tests: every request is captured, and a handler decides each answer.
 */
import type { Fetch } from './transport.js';

/** One request the fake fetch received. */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
}

/** A fake fetch plus what it recorded. */
export type FakeFetch = Fetch & { calls: RecordedRequest[] };

/** Answers a recorded request; `index` counts calls from 0. */
export type FakeHandler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/** Builds a fake fetch; a handler array answers call `i` with entry `i` (the last one repeats). */
export function fakeFetch(handler: FakeHandler | Array<Response | (() => Response) | Error>): FakeFetch {
  const calls: RecordedRequest[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    const request: RecordedRequest = {
      url: new URL(url),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal,
    };
    const index = calls.length;
    calls.push(request);
    if (typeof handler === 'function') return handler(request, index);
    const entry = handler[Math.min(index, handler.length - 1)];
    if (entry instanceof Error) throw entry;
    if (typeof entry === 'function') return entry();
    if (!entry) throw new Error('fakeFetch: no response configured');
    return entry.clone();
  }) as FakeFetch;
  fn.calls = calls;
  return fn;
}

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A fetch that never answers until its signal aborts, like a server that hangs. */
export function hangingFetch(): FakeFetch {
  return fakeFetch(
    (request) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = request.signal;
        signal?.addEventListener('abort', () => reject(signal.reason ?? new DOMException('aborted', 'AbortError')), { once: true });
      }),
  );
}

/** The JSON body a recorded request carried. */
export function jsonBody(request: RecordedRequest | undefined): unknown {
  if (typeof request?.body !== 'string') throw new Error('request had no JSON body');
  return JSON.parse(request.body);
}
