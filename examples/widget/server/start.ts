/**
 * `npm start -w examples/widget`: serves the plain HTML page with `<voice-session-widget>`, its token
 * server and the offline emulator, prints one URL, and stops everything on Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { startWidgetSite, type HostedPlatform } from './widget-site.js';

const HELP = `Usage: npm start -w examples/widget -- [options]

Serves a plain HTML page that embeds <voice-session-widget> with one <script> tag, the token server
behind its endpoint="/session", and the offline platform emulator with its demo voice assistant.

Options:
  --port <n>           Port of the page and token server (default 3001; 0 picks a free one)
  --host <addr>        Interface to listen on (default 127.0.0.1)
  --emulator-port <n>  Port of the embedded emulator (default: a free one)
  -h, --help           Show this help

Use the hosted platform instead of the emulator by setting VOICE_SESSION_BASE_URL,
VOICE_SESSION_API_KEY and VOICE_SESSION_ASSISTANT_ID.
`;

function fail(message: string): never {
  console.error(`widget example: ${message}\nRun with --help for the options.`);
  process.exit(2);
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 65535) fail(`${name} must be a port number from 0 to 65535, not "${value}".`);
  return Number(value);
}

let args;
try {
  args = parseArgs({
    options: { port: { type: 'string' }, host: { type: 'string' }, 'emulator-port': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (args.help) {
  console.log(HELP);
  process.exit(0);
}

const { VOICE_SESSION_BASE_URL: baseUrl, VOICE_SESSION_API_KEY: apiKey, VOICE_SESSION_ASSISTANT_ID: assistantId } = process.env;
let hosted: HostedPlatform | undefined;
if (baseUrl && apiKey && assistantId) hosted = { baseUrl, apiKey, assistantId };
else if (baseUrl || apiKey || assistantId) fail('set VOICE_SESSION_BASE_URL, VOICE_SESSION_API_KEY and VOICE_SESSION_ASSISTANT_ID together.');

try {
  const site = await startWidgetSite({
    port: port(args.port, 3001, '--port'),
    host: args.host ?? '127.0.0.1',
    emulatorPort: port(args['emulator-port'], 0, '--emulator-port'),
    ...(hosted ? { hosted } : {}),
  });
  console.log(`\nThe widget example is ready:\n\n  ${site.url}\n\nOpen it and press the talk button at the bottom right. Ctrl-C stops everything.\n`);
  const stop = () => {
    process.off('SIGINT', stop);
    console.log('\nStopping…');
    site.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if ((error as { code?: string }).code === 'EADDRINUSE') fail(`a port is already in use (${(error as Error).message}); pick another with --port.`);
  fail((error as Error).message);
}
