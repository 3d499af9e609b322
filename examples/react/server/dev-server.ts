/** `npm start -w examples/react`: the React example with its token server and the offline emulator (see `--help`). */
import { runDemoCli } from '@voice-session/example-host';
import { startReactExample } from './react-example.js';

await runDemoCli({
  command: 'npm start -w examples/react',
  summary: 'Serves the React example (a useVoiceSession hook and a <VoiceAssistant> component) with its token server and the offline emulator.',
  defaultPort: 3001,
  defaultEmulatorPort: 0,
  flags: { production: 'Bundle React for production (minified)' },
  start: ({ backend, port, host, logLevel, flags }) =>
    startReactExample({ backend, port, host, logLevel, mode: flags.production ? 'production' : 'development' }),
  ready: (url) => `\nReact voice assistant example: ${url}\nPress Talk and say hello. Ctrl-C stops everything.\n`,
});
