/**
 * `npm start -w examples/react`: serves the React example with its token server and the offline
 * emulator, prints the URL, and stops everything on Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { startReactExample } from './react-example.js';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3001' }, production: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log('Usage: npm start -w examples/react -- [--port 3001] [--production]');
  process.exit(0);
}
if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) {
  console.error(`react example: --port must be a port number, not "${values.port}".`);
  process.exit(2);
}

try {
  const running = await startReactExample({ port: Number(values.port), mode: values.production ? 'production' : 'development' });
  console.log(`\nReact voice assistant example: ${running.url}\nPress Talk and say hello. Ctrl-C stops everything.\n`);
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`react example: ${(error as Error).message}`);
  process.exit(1);
}
