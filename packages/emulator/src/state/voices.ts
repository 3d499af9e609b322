/**
 * Voices visible to an account (public or its own) and the list filters.
 */
import type { AreaState, StateDeps } from './area.js';
import type { AccountRole } from './model.js';
import { seedVoices, type VoiceSeed } from './seed/voices.js';

/** Filters of the voices list (already validated). */
export interface VoiceFilters {
  mode?: string;
  language_id?: number;
  gender?: string;
  age?: string;
  accent?: string;
  search?: string;
  synthesizer_provider_id?: number;
}

const same = (a: string | null, b: string): boolean => (a ?? '').toLowerCase() === b.toLowerCase();

/** State of the voices area. */
export class VoicesState implements AreaState {
  voices: VoiceSeed[] = seedVoices();

  constructor(private readonly deps: StateDeps) {}

  reset(): void {
    this.voices = seedVoices();
  }

  /** Voices the account may see, filtered. */
  list(accountId: number, f: VoiceFilters): VoiceSeed[] {
    const needle = f.search?.toLowerCase();
    return this.voices.filter(
      (v) =>
        (v.ownerAccountId === null || v.ownerAccountId === accountId) &&
        (f.mode === undefined || v.modes.includes(f.mode as VoiceSeed['modes'][number])) &&
        (f.language_id === undefined || v.language_id === f.language_id) &&
        (f.gender === undefined || same(v.gender, f.gender)) &&
        (f.age === undefined || same(v.age, f.age)) &&
        (f.accent === undefined || same(v.accent, f.accent)) &&
        (f.synthesizer_provider_id === undefined || v.synthesizer_provider_id === f.synthesizer_provider_id) &&
        (needle === undefined || [v.name, v.accent, v.age, v.gender].some((s) => (s ?? '').toLowerCase().includes(needle))),
    );
  }

  fixtures(role: AccountRole): Record<string, unknown> {
    const accountId = this.deps.accounts.userByRole(role).accountId;
    return {
      voices: {
        visible: this.list(accountId, {}).length,
        own_voice_ids: this.voices.filter((v) => v.ownerAccountId === accountId).map((v) => v.id),
      },
    };
  }
}
