/**
 * What an area's state module (documents, realtime, chat app, …) looks like to the store: something
 * that can restore its seed and describe its fixtures. Areas are built from {@link StateDeps}.
 */
import type { AccountsState } from './accounts.js';
import type { EmulatorClock } from './clock.js';
import type { AccountRole } from './model.js';
import type { SeededRandom } from './random.js';

/** One area's in-memory state. */
export interface AreaState {
  /** Restore the seed. Called after the clock was cleared, the random source re-seeded and accounts reset. */
  reset(): void;
  /** Fixtures of a role for `GET /_emulator/seed`, merged into that role's object. */
  fixtures?(role: AccountRole): Record<string, unknown>;
}

/** What an area's state is built from. */
export interface StateDeps {
  clock: EmulatorClock;
  random: SeededRandom;
  accounts: AccountsState;
  /** The emulator's seed (for areas that derive fixed data from it). */
  seed: number;
}

/** A named area state factory, as listed in the store's registration list. */
export interface AreaStateEntry {
  name: string;
  create(deps: StateDeps): AreaState;
}
