/**
 * `bench/emulator`: requests per second of the emulator on loopback for one GET (`/user/folders`) and one
 * POST (`/user/api-keys`), against a bare `node:http` JSON server measured in the same run as the
 * baseline. Bounded: each measurement runs BENCH_SECONDS (default 5) with 10 connections.
 *
 *   node --conditions=source --import tsx bench/emulator/run.ts
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startEmulator } from '@voice-session/emulator';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Measured {
  label: string;
  rps: number;
  p99: number;
  non2xx: number;
}

async function measure(label: string, opts: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { label, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

async function baselineServer(): Promise<{ server: Server; url: string }> {
  const payload = JSON.stringify({ data: [{ id: 1, name: 'Sales', color: '#EF4444', assistants_count: 2 }], current_page: 1, per_page: 15, total: 22 });
  const server = createServer((req, res) => {
    // Read the body like a real handler would, then answer a fixed JSON document.
    req.resume();
    req.on('end', () => {
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const base = await baselineServer();
const emu = await startEmulator({ port: 0, media: false, log: () => undefined });
const auth = { authorization: `Bearer ${emu.apiKeys.primary}`, 'content-type': 'application/json' };
const postBody = JSON.stringify({ name: 'bench key' });

const rows: Measured[] = [];
rows.push(await measure('baseline GET (node:http, fixed JSON)', { url: `${base.url}/user/folders` }));
rows.push(await measure('emulator GET /user/folders', { url: `${emu.baseUrl}/user/folders`, headers: auth }));
rows.push(await measure('baseline POST (node:http, fixed JSON)', { url: `${base.url}/user/api-keys`, method: 'POST', headers: auth, body: postBody }));
rows.push(await measure('emulator POST /user/api-keys', { url: `${emu.baseUrl}/user/api-keys`, method: 'POST', headers: auth, body: postBody }));

await emu.close();
base.server.close();

const [bGet, eGet, bPost, ePost] = rows as [Measured, Measured, Measured, Measured];
console.log(`duration ${SECONDS}s per run, ${CONNECTIONS} connections, Node ${process.version}`);
console.log('| run | req/s | p99 ms | non-2xx/errors |');
console.log('|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.label} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.non2xx} |`);
console.log(`GET  ratio emulator/baseline: ${(eGet.rps / bGet.rps).toFixed(3)}`);
console.log(`POST ratio emulator/baseline: ${(ePost.rps / bPost.rps).toFixed(3)}`);
if (eGet.non2xx > 0 || ePost.non2xx > 0) {
  console.error('emulator answered non-2xx responses during the benchmark');
  process.exit(1);
}
