/**
 * `@voice-session/emulator`: the voice assistant platform, offline.
 */
export { createEmulator, startEmulatorWith } from './emulator.js';
export type { Emulator, EmulatorOptions, MediaLoader, MediaModules, RunningEmulator, SeededApiKeys, StartEmulatorOptions } from './emulator.js';
export { startEmulator } from './start.js';
export { EmulatorClock } from './state/clock.js';
export type { EmulatorClockOptions } from './state/clock.js';
export { SeededRandom } from './state/random.js';
export { EmulatorState } from './state/store.js';
export type { EmulatorStateOptions } from './state/store.js';
export type { AccountRole, Account, Assistant, Clock, Random, User } from './state/model.js';
export type { MediaEndpoint, MediaEndpointOptions, MediaSessionHooks, RealtimeTokenClaims } from './media/contract.js';
