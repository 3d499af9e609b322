/** `npm start`: the one-command demo (see `npm start -- --help`). */
import { runDemoCli } from '@voice-session/example-host';
import { startQuickstart } from './quickstart.js';

await runDemoCli({
  command: 'npm start',
  summary: `Starts the voice-session demo: the offline platform emulator (API, media server and a demo voice
agent), the token server, and the quickstart page. Open the printed URL and press Talk.`,
  defaultPort: 3000,
  defaultEmulatorPort: 4010,
  start: ({ backend, port, host, logLevel }) => startQuickstart({ backend, port, host, logLevel }),
  ready: (url) => `\nThe voice-session demo is ready:\n\n  ${url}\n\nOpen it, press Talk and say hello. Ctrl-C stops everything.\n`,
});
