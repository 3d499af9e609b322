/**
 * `EmulatorState`: the whole in-memory platform, composed of one state module per API area, built from
 * a seed and resettable to it. No module-level state: two emulators in one process share nothing.
 */
import { AccountsState } from './accounts.js';
import { CORE_STATE_AREAS } from './areas.js';
import { automationsStateEntry } from './automations/automations-state.js';
import { chatAppStateEntry } from './chat-app/chat-app-state.js';
import { conversationsStateEntry } from './conversations/conversations-state.js';
import type { AreaState, AreaStateEntry, StateDeps } from './area.js';
import { EmulatorClock, type EmulatorClockOptions } from './clock.js';
import type { AccountRole } from './model.js';
import { SeededRandom } from './random.js';
import { WebhookLog } from './webhook-log.js';

/**
 * Area state modules by registered name. Areas may add their entry by declaration merging
 * (`declare module '…/state/store.js' { interface AreaStates { chatApp: ChatAppState } }`) so that
 * `state.area('chatApp')` is typed; `state.area<T>('name')` works without it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AreaStates {}

/**
 * Registration list of the area state modules built for every emulator, in build (and reset) order.
 * Add one line per area; the name is what `state.area(name)` takes. `create` must leave the area
 * seeded (typically by calling its own `reset()`), drawing on `deps.random` only inside `reset()`.
 */
export const STATE_AREAS: AreaStateEntry[] = [...CORE_STATE_AREAS, conversationsStateEntry, chatAppStateEntry, automationsStateEntry];

/** Options of {@link EmulatorState}. */
export interface EmulatorStateOptions {
  /** Seed of the random source (ids, tokens, generated fixtures). Default 1. */
  seed?: number;
  /** Start time of the clock. Default: real time. */
  now?: EmulatorClockOptions['now'];
  /** Extra area state modules (besides {@link STATE_AREAS}). */
  areas?: AreaStateEntry[];
}

/** The emulator's whole state: clock, random source, accounts and one module per area. */
export class EmulatorState {
  readonly clock: EmulatorClock;
  readonly random: SeededRandom;
  readonly accounts: AccountsState;
  readonly webhooks = new WebhookLog();
  private readonly areas = new Map<string, AreaState>();
  private readonly seed: number;

  constructor(options: EmulatorStateOptions = {}) {
    const seed = options.seed ?? 1;
    this.seed = seed;
    this.clock = new EmulatorClock({ now: options.now });
    this.random = new SeededRandom(seed);
    this.accounts = new AccountsState({ clock: this.clock, seed });
    for (const entry of [...STATE_AREAS, ...(options.areas ?? [])]) this.register(entry.name, entry.create(this.deps()));
  }

  /** What area modules are built from. */
  deps(): StateDeps {
    return { clock: this.clock, random: this.random, accounts: this.accounts, seed: this.seed };
  }

  /** Add an area module (once per name); it is reset with the rest from now on. Returns it. */
  register<T extends AreaState>(name: string, area: T): T {
    if (this.areas.has(name)) throw new Error(`area state "${name}" is already registered`);
    this.areas.set(name, area);
    return area;
  }

  /** Whether an area module is registered under `name`. */
  has(name: string): boolean {
    return this.areas.has(name);
  }

  /** A registered area module; throws when missing (a wiring error, not a request error). */
  area<K extends keyof AreaStates>(name: K): AreaStates[K];
  area<T extends AreaState>(name: string): T;
  area(name: string): AreaState {
    const area = this.areas.get(name);
    if (!area) throw new Error(`area state "${name}" is not registered`);
    return area;
  }

  /** Restore the seed everywhere: pending timers dropped, random re-seeded, every area reset in order. */
  reset(): void {
    this.clock.clear();
    this.random.reseed();
    this.accounts.reset();
    this.webhooks.reset();
    for (const area of this.areas.values()) area.reset();
  }

  /** The seeded fixtures of a role: accounts' own plus what every area contributes. */
  fixtures(role: AccountRole): Record<string, unknown> {
    let out: Record<string, unknown> = { role, ...this.accounts.fixtures(role) };
    for (const area of this.areas.values()) if (area.fixtures) out = { ...out, ...area.fixtures(role) };
    return out;
  }
}
