/**
 * A local HTTP receiver for tests: automation steps' targets and webhook receivers. Each path answers
 * queued statuses (200 when the queue is empty), records every hit, and can hold its answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP target whose paths answer queued statuses (200 when the queue is empty) and count hits. */
export interface Target {
  url: string;
  server: Server;
  hits: Map<string, Array<{ headers: Record<string, unknown>; body: unknown }>>;
  fail(path: string, ...statuses: number[]): void;
  /** Hold the next answers of `path` until the returned function is called. */
  hold(path: string): () => void;
  reset(): void;
  close(): Promise<void>;
  waitFor(path: string, count: number): Promise<void>;
}

/** Start a receiver on a free loopback port. */
export function startTarget(): Promise<Target> {
  const hits = new Map<string, Array<{ headers: Record<string, unknown>; body: unknown }>>();
  const queued = new Map<string, number[]>();
  const held = new Map<string, Promise<void>>();
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const list = hits.get(path) ?? [];
      list.push({ headers: req.headers, body: data ? JSON.parse(data) : null });
      hits.set(path, list);
      const status = queued.get(path)?.shift() ?? 200;
      for (const w of waiters.splice(0)) w();
      void (held.get(path) ?? Promise.resolve()).then(() => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 400, path }));
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        hits,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        fail: (path, ...statuses) => queued.set(path, statuses),
        hold: (path) => {
          let release = () => {};
          held.set(path, new Promise<void>((r) => (release = r)));
          return () => {
            held.delete(path);
            release();
          };
        },
        reset: () => {
          hits.clear();
          queued.clear();
          held.clear();
        },
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
        waitFor: (path, count) =>
          new Promise<void>((resolveWait) => {
            const check = () => ((hits.get(path)?.length ?? 0) >= count ? resolveWait() : waiters.push(check));
            check();
          }),
      }),
    ),
  );
}
