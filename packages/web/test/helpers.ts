import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A token endpoint on 127.0.0.1:0 whose answers the test scripts; records every request it got. */
export interface TokenServer {
  readonly url: string;
  readonly requests: Array<{ method: string; headers: IncomingMessage['headers']; body: string }>;
  /** Answers the next requests; default: the server package's `{id, url, token, expires_in, expires_at}`. */
  respond: (request: { body: string }, response: ServerResponse) => unknown;
  close(): Promise<void>;
}

export async function startTokenServer(makeToken: () => string): Promise<TokenServer> {
  const requests: TokenServer['requests'] = [];
  const state: TokenServer = {
    url: '',
    requests,
    respond: (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: `rs_${requests.length}`,
          url: 'wss://media.example.test',
          token: makeToken(),
          expires_in: 900,
          expires_at: new Date(Date.now() + 900_000).toISOString(),
        }),
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', headers: req.headers, body });
      void state.respond({ body }, res);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (state as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/session`;
  return state;
}
