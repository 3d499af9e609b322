/** A loopback HTTP server for test pages: fixed routes to fixed bodies, and a log of every request. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  url: string;
  /** Every path requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serve `routes` (path → [content type, body]) on 127.0.0.1, port 0. */
export async function startPageServer(routes: Record<string, [string, string]>): Promise<PageServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const route = routes[path];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': route[0], 'cache-control': 'no-store' }).end(route[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
