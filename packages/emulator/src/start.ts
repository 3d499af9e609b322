/**
 * `startEmulator`: the library's entry point, with the single place where the media endpoint
 * (src/media) and its demo agent (src/agent) are wired in. Both load lazily, so `media: false` never
 * loads WebRTC, and the API keeps working when either fails to load (the reason is logged).
 */
import { startEmulatorWith, type MediaLoader, type RunningEmulator, type StartEmulatorOptions } from './emulator.js';

/** Loads the media endpoint and, when wanted, the demo agent, on first use. */
export const loadMediaLazily: MediaLoader = async (withAgent, log) => {
  let media: typeof import('./media/index.js');
  try {
    media = await import('./media/index.js');
  } catch (error) {
    log(`emulator: media endpoint unavailable: ${(error as Error).message}`);
    return undefined;
  }
  if (!withAgent) return { createMediaEndpoint: media.createMediaEndpoint };
  try {
    const agent = await import('./agent/index.js');
    return { createMediaEndpoint: media.createMediaEndpoint, createAgent: (io) => agent.createAgent(io) };
  } catch (error) {
    log(`emulator: demo agent unavailable, rooms will have no agent: ${(error as Error).message}`);
    return { createMediaEndpoint: media.createMediaEndpoint };
  }
};

/**
 * Start an emulator on a loopback port: the API, the control API and the media endpoint on one server.
 *
 * @example
 * const emu = await startEmulator({ port: 0 });
 * const res = await fetch(`${emu.baseUrl}/user/api-keys`, { headers: { authorization: `Bearer ${emu.apiKeys.primary}` } });
 * await emu.close();
 */
export function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulatorWith(loadMediaLazily, options);
}
