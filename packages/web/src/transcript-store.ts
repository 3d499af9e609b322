import type { TranscriptEntry, TranscriptRole } from './events.js';

/**
 * Keeps one entry per segment id, in first-seen order, and updates it in place. Returns the entry to
 * emit, or `undefined` when an update changes nothing (so listeners never see duplicates).
 */
export class TranscriptStore {
  readonly #entries = new Map<string, TranscriptEntry>();

  /** Sets the full text of a segment; an update that repeats the text (or un-finalises it) is dropped. */
  set(id: string, role: TranscriptRole, text: string, final: boolean): TranscriptEntry | undefined {
    const previous = this.#entries.get(id);
    if (previous?.text === text && (previous.final || !final)) return undefined;
    const entry: TranscriptEntry = { id, role, text, final };
    this.#entries.set(id, entry);
    return entry;
  }

  /** The text a segment has so far ('' when unknown). */
  textOf(id: string): string {
    return this.#entries.get(id)?.text ?? '';
  }

  /** A copy of every entry, oldest first. */
  snapshot(): TranscriptEntry[] {
    return [...this.#entries.values()];
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries.clear();
  }
}
