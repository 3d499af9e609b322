/**
 * The emulator's offline demo voice agent. Media builds one per room with `createAgent(io)`.
 *
 * @example
 * ```ts
 * const agent = createAgent(io, { timeZone: 'Europe/Paris' });
 * agent.start();                 // greets, then listens
 * agent.onUserAudio(frame);      // 48 kHz, 10 ms frames of the user's microphone
 * agent.close();                 // the room closed
 * await shutdownSpeechEngines(); // at process exit: ends the shared pocketsphinx process and Flite worker
 * ```
 */
import type { Agent, AgentIO } from './agent-io.js';
import { shutdownSharedRecognisers } from './recogniser-pool.js';
import { sharedSynthesizer } from './tts-worker.js';
import { VoiceAgent, type AgentOptions } from './voice-agent.js';

export type { Agent, AgentIO, AgentState, PcmFrame, TranscriptUpdate } from './agent-io.js';
export { AGENT_FRAME_SAMPLES, AGENT_SAMPLE_RATE } from './agent-io.js';
export { FAILED_TEXT, UNTRANSCRIBED_TEXT, VoiceAgent, type AgentOptions, type TurnMetrics } from './voice-agent.js';
export { RecogniserPool, sharedRecognisers, shutdownSharedRecognisers, type RecogniserLease } from './recogniser-pool.js';
export {
  DEFAULT_POCKETSPHINX_BINARY,
  DEFAULT_POCKETSPHINX_MODEL_DIR,
  POCKETSPHINX_MISSING_MESSAGE,
  type PocketsphinxOptions,
} from './recogniser.js';
export { WEATHER_TOOL } from './reply-policy.js';
export type { FliteVoice } from './tts.js';
export { sharedSynthesizer, SynthesizerWorker, type SynthesizerLease } from './tts-worker.js';

/** Builds the demo voice agent for one room; call `start()` once the user has joined. */
export function createAgent(io: AgentIO, options?: AgentOptions): Agent {
  return new VoiceAgent(io, options);
}

/** Ends the process-wide pocketsphinx process and Flite worker, whatever agents still hold them. */
export async function shutdownSpeechEngines(): Promise<void> {
  await Promise.all([shutdownSharedRecognisers(), sharedSynthesizer.stop()]);
}
