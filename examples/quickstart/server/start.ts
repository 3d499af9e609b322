/**
 * `npm start`: the one-command demo. Parses options, starts the quickstart stack, prints one URL, and
 * stops everything on Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { startQuickstart, type Backend } from './quickstart.js';

const HELP = `Usage: npm start -- [options]

Starts the voice-session demo: the offline platform emulator (API, media server and a demo voice
agent), the token server, and the quickstart page. Open the printed URL and press Talk.

Options:
  --port <n>           Port of the page and token server (default 3000; 0 picks a free one)
  --host <addr>        Interface to listen on (default 127.0.0.1)
  --emulator-port <n>  Port of the embedded emulator (default 4010; 0 picks a free one)
  --verbose            Log one line per token request
  -h, --help           Show this help

Use the hosted platform instead of the emulator by setting all three:
  VOICE_SESSION_BASE_URL      the API root including /api
  VOICE_SESSION_API_KEY       your API key (stays on this server; never sent to the page)
  VOICE_SESSION_ASSISTANT_ID  the assistant's UUID
`;

function fail(message: string): never {
  console.error(`npm start: ${message}\nRun "npm start -- --help" for the options.`);
  process.exit(2);
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) fail(`${name} must be a port number from 0 to 65535, not "${value}".`);
  return n;
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'emulator-port': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (args.help) {
  console.log(HELP);
  process.exit(0);
}

const env = process.env;
const hosted = [env.VOICE_SESSION_BASE_URL, env.VOICE_SESSION_API_KEY, env.VOICE_SESSION_ASSISTANT_ID];
let backend: Backend;
if (hosted.every(Boolean)) {
  backend = { kind: 'platform', baseUrl: hosted[0]!, apiKey: hosted[1]!, assistantId: hosted[2]! };
} else if (hosted.some(Boolean)) {
  fail('to use the hosted platform set VOICE_SESSION_BASE_URL, VOICE_SESSION_API_KEY and VOICE_SESSION_ASSISTANT_ID together.');
} else {
  backend = { kind: 'emulator', port: port(args['emulator-port'], 4010, '--emulator-port') };
}

try {
  const running = await startQuickstart({
    backend,
    port: port(args.port, 3000, '--port'),
    host: args.host ?? '127.0.0.1',
    logLevel: args.verbose ? 'info' : 'warn',
  });
  const where = backend.kind === 'emulator' ? 'the offline emulator' : backend.baseUrl;
  console.log(`\nvoice-session demo (assistant from ${where}) is ready:\n\n  ${running.url}\n\nOpen it, press Talk and say hello. Ctrl-C stops everything.\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') fail(`a port is already in use (${(error as Error).message}). Pick others with --port and --emulator-port.`);
  fail((error as Error).message);
}
