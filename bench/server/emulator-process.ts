/**
 * The bench's upstream, run as its own process so the platform does not share the token server's
 * event loop (in production it is another machine). Prints one JSON line `{baseUrl, controlUrl, apiKeys}`,
 * then serves until its parent closes stdin or sends SIGTERM.
 *
 * Started by upstream-process.ts: `node --conditions=source --import tsx bench/server/emulator-process.ts`.
 */
import { startEmulator } from '@voice-session/emulator';

// No media endpoint (the bench only mints tokens) and no request log (writing it would cost the upstream time).
const emu = await startEmulator({ port: 0, media: false, log: () => undefined });

let closing = false;
const stop = (): void => {
  if (closing) return;
  closing = true;
  void emu.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// A parent that dies without signalling still closes our stdin: never outlive the bench.
process.stdin.on('end', stop).on('close', stop).resume();

process.stdout.write(`${JSON.stringify({ baseUrl: emu.baseUrl, controlUrl: emu.controlUrl, apiKeys: emu.apiKeys })}\n`);
