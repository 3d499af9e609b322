/**
 * `voice-session-emulator [--port 4010] [--host 127.0.0.1] [--json] [--seed N] [--no-media]`:
 * parses arguments, starts the emulator, prints where it is, and closes cleanly on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { createAgent } from './agent/index.js';
import { startEmulatorWith, type MediaLoader } from './emulator.js';
import { createMediaEndpoint } from './media/index.js';

// The CLI ships as one file, so it imports the media endpoint and the agent statically.
const loadMedia: MediaLoader = async (withAgent) => ({
  createMediaEndpoint,
  ...(withAgent ? { createAgent: (io: Parameters<typeof createAgent>[0]) => createAgent(io) } : {}),
});

const USAGE = `Usage: voice-session-emulator [options]
  --port <n>     port to listen on (default 4010; 0 picks a free port)
  --host <addr>  interface to listen on (default 127.0.0.1)
  --seed <n>     seed of generated ids and tokens (default 1)
  --json         print one JSON line {"baseUrl","mediaUrl","apiKeys"} first
  --no-media     serve the HTTP API only
  -h, --help     show this help`;

function fail(message: string): never {
  process.stderr.write(`voice-session-emulator: ${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string' },
        json: { type: 'boolean', default: false },
        'no-media': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${values.port}`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) fail(`invalid --seed ${values.seed}`);

  const emu = await startEmulatorWith(loadMedia, { port, host: values.host, seed, ...(values['no-media'] ? { media: false as const } : {}) });
  // Handlers first, so a signal sent as soon as the banner appears still closes cleanly.
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void emu.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ baseUrl: emu.baseUrl, mediaUrl: emu.mediaUrl, apiKeys: emu.apiKeys })}\n`);
  } else {
    process.stdout.write(
      [
        'voice-session emulator is running',
        `  API base URL  ${emu.baseUrl}`,
        `  Media URL     ${emu.mediaUrl}${emu.media ? '' : ' (media endpoint not available)'}`,
        `  Control API   ${emu.controlUrl}`,
        `  OpenAPI       ${emu.baseUrl}/openapi.json`,
        '  API keys',
        `    primary     ${emu.apiKeys.primary}`,
        `    secondary   ${emu.apiKeys.secondary}`,
        `    member      ${emu.apiKeys.member}`,
        'Press Ctrl+C to stop.',
        '',
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`voice-session-emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
