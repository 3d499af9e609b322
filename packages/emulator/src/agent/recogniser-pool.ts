/**
 * Shares one pocketsphinx process between every room of the process: agents acquire it, the last
 * release closes it. Keyed by binary and model, so a test can run a recogniser of its own (or a
 * missing one) beside the real one.
 */
import {
  DEFAULT_POCKETSPHINX_BINARY,
  DEFAULT_POCKETSPHINX_MODEL_DIR,
  PocketsphinxRecogniser,
  type PocketsphinxOptions,
} from './recogniser.js';

/** An agent's hold on a shared recogniser. */
export interface RecogniserLease {
  readonly recogniser: PocketsphinxRecogniser;
  /** Gives the recogniser back; the last lease to go closes it. Idempotent. */
  release(): Promise<void>;
}

interface Entry {
  recogniser: PocketsphinxRecogniser;
  users: number;
}

/** Reference-counted recognisers, one per binary + model. */
export class RecogniserPool {
  private readonly entries = new Map<string, Entry>();

  /** Takes a lease on the recogniser for these options, starting it (and its model load) if needed. */
  acquire(options: PocketsphinxOptions = {}): RecogniserLease {
    const key = `${options.binary ?? DEFAULT_POCKETSPHINX_BINARY}\n${options.modelDir ?? DEFAULT_POCKETSPHINX_MODEL_DIR}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { recogniser: new PocketsphinxRecogniser(options), users: 0 };
      this.entries.set(key, entry);
      void entry.recogniser.warmUp();
    }
    entry.users++;
    const held = entry;
    let released = false;
    return {
      recogniser: held.recogniser,
      release: async () => {
        if (released) return;
        released = true;
        held.users--;
        // A recogniser found missing holds no process; keeping it means "missing" is checked and
        // logged once per process, not once per room.
        if (held.users > 0 || !held.recogniser.available) return;
        if (this.entries.get(key) === held) this.entries.delete(key);
        await held.recogniser.close();
      },
    };
  }

  /** Closes every recogniser, leased or not (process shutdown, test teardown). */
  async shutdown(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => entry.recogniser.close()));
  }

  /** Process ids of the running recognisers (for leak checks). */
  runningPids(): number[] {
    const pids: number[] = [];
    for (const entry of this.entries.values()) if (entry.recogniser.pid !== undefined) pids.push(entry.recogniser.pid);
    return pids;
  }
}

/**
 * The pool every agent uses unless given another. Module state on purpose: the whole point is one
 * recogniser process for all rooms of all emulators in the process; `shutdownSharedRecognisers()`
 * ends it.
 */
export const sharedRecognisers = new RecogniserPool();

/** Closes the shared pocketsphinx process(es); agents still open get "not transcribed" results. */
export function shutdownSharedRecognisers(): Promise<void> {
  return sharedRecognisers.shutdown();
}
