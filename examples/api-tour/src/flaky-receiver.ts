/**
 * A tiny local HTTP endpoint the tour's automation posts to. It refuses its first requests with 503,
 * then accepts, so the automation's test run fails and a retry of that same run succeeds: the one
 * honest way to show `retryRun` doing something.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  status: number;
  body: string;
}

/** A listening receiver. */
export interface FlakyReceiver {
  /** Root URL, e.g. `http://127.0.0.1:53124`. */
  url: string;
  /** Every request so far, in arrival order. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a receiver on a free loopback port that answers 503 to the first `failures` requests and
 * `200 {ok: true}` afterwards.
 *
 * @example
 * const receiver = await startFlakyReceiver({ failures: 1 });
 * // … point an automation at `${receiver.url}/records` …
 * await receiver.close();
 */
export async function startFlakyReceiver(options: { failures: number; host?: string }): Promise<FlakyReceiver> {
  const received: ReceivedRequest[] = [];
  let failuresLeft = options.failures;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = failuresLeft > 0 ? 503 : 200;
      if (failuresLeft > 0) failuresLeft -= 1;
      received.push({ method: req.method ?? 'GET', path: req.url ?? '/', status, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { ok: true } : { error: 'temporarily unavailable' }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
