/** `npm start -w examples/widget`: the plain page with `<voice-session-widget>` (see `--help`). */
import { runDemoCli } from '@voice-session/example-host';
import { startWidgetSite } from './widget-site.js';

await runDemoCli({
  command: 'npm start -w examples/widget',
  summary: `Serves a plain HTML page that embeds <voice-session-widget> with one <script> tag, the token server
behind its endpoint="/session", and the offline platform emulator with its demo voice assistant.`,
  defaultPort: 3001,
  defaultEmulatorPort: 0,
  start: ({ backend, port, host, logLevel }) =>
    startWidgetSite({
      port,
      host,
      logLevel,
      ...(backend.kind === 'platform' ? { hosted: backend } : { emulatorPort: backend.port ?? 0 }),
    }),
  ready: (url) => `\nThe widget example is ready:\n\n  ${url}\n\nOpen it and press the talk button at the bottom right. Ctrl-C stops everything.\n`,
});
