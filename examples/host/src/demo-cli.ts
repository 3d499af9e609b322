import { parseArgs } from 'node:util';
import { backendFromEnv, DemoConfigError, type Backend } from './backend.js';
import type { RunningDemoHost } from './demo-host.js';

/** What the shared command line parsed, handed to the example's start function. */
export interface DemoCliArgs {
  backend: Backend;
  port: number;
  host: string;
  logLevel: 'info' | 'warn';
  /** The example's own boolean flags, by name. */
  flags: Record<string, boolean>;
}

/** Options of {@link runDemoCli}. */
export interface DemoCliOptions {
  /** How a person runs it, e.g. `npm start`. */
  command: string;
  /** What it starts, for `--help`. */
  summary: string;
  defaultPort: number;
  /** 0 picks a free port. */
  defaultEmulatorPort: number;
  /** Extra boolean flags: name → help line. */
  flags?: Record<string, string>;
  start(args: DemoCliArgs): Promise<RunningDemoHost>;
  /** The lines printed once it listens (the URL is passed in). */
  ready(url: string): string;
}

/**
 * The command line every example shares: `--port`, `--host`, `--emulator-port`, `--verbose`, `--help`, the
 * hosted-platform variables, one printed URL, and a clean stop on Ctrl-C. Exits 2 on bad options.
 */
export async function runDemoCli(options: DemoCliOptions): Promise<void> {
  const fail = (message: string): never => {
    console.error(`${options.command}: ${message}\nRun "${options.command} -- --help" for the options.`);
    process.exit(2);
  };
  const extra = options.flags ?? {};
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'emulator-port': { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(Object.keys(extra).map((name) => [name, { type: 'boolean' as const }])),
      },
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
  if (values.help) {
    console.log(help(options));
    process.exit(0);
  }
  const port = (value: unknown, fallback: number, name: string): number => {
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) > 65535) fail(`${name} must be a port number from 0 to 65535, not "${String(value)}".`);
    return Number(value);
  };

  let running: RunningDemoHost;
  try {
    running = await options.start({
      backend: backendFromEnv(process.env, port(values['emulator-port'], options.defaultEmulatorPort, '--emulator-port')),
      port: port(values.port, options.defaultPort, '--port'),
      host: typeof values.host === 'string' ? values.host : '127.0.0.1',
      logLevel: values.verbose ? 'info' : 'warn',
      flags: Object.fromEntries(Object.keys(extra).map((name) => [name, values[name] === true])),
    });
  } catch (error) {
    if (error instanceof DemoConfigError) return fail(error.message);
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      return fail(`a port is already in use (${(error as Error).message}). Pick others with --port and --emulator-port.`);
    }
    return fail((error as Error).message);
  }
  console.log(options.ready(running.url));
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
}

function help(options: DemoCliOptions): string {
  const extra = Object.entries(options.flags ?? {}).map(([name, line]) => `  --${name.padEnd(19)}${line}\n`).join('');
  const emulatorDefault = options.defaultEmulatorPort === 0 ? 'a free one' : String(options.defaultEmulatorPort);
  return `Usage: ${options.command} -- [options]

${options.summary}

Options:
  --port <n>           Port of the page and token server (default ${options.defaultPort}; 0 picks a free one)
  --host <addr>        Interface to listen on (default 127.0.0.1)
  --emulator-port <n>  Port of the embedded emulator (default ${emulatorDefault}; 0 picks a free one)
  --verbose            Log one line per token request
${extra}  -h, --help           Show this help

Use the hosted platform instead of the emulator by setting all three:
  VOICE_SESSION_BASE_URL      the API root including /api
  VOICE_SESSION_API_KEY       your API key (stays on this server; never sent to the page)
  VOICE_SESSION_ASSISTANT_ID  the assistant's UUID
`;
}
