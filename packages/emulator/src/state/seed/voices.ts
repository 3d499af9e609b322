/**
 * Seeded voices: public ones across languages, genders, ages, accents and synthesizers, plus custom
 * voices owned by the primary and by the secondary account (which primary must never see).
 */

/** A seeded voice (wire fields plus the owner and the modes it supports). */
export interface VoiceSeed {
  id: number;
  name: string;
  language_id: number;
  gender: 'male' | 'female';
  accent: string | null;
  age: string | null;
  synthesizer_provider_id: number | null;
  modes: ReadonlyArray<'pipeline' | 'multimodal' | 'dualplex'>;
  /** Owning account id, or null for public voices. */
  ownerAccountId: number | null;
}

/** Language ids used by the seed: 1 English, 2 Spanish, 3 German, 4 French, 5 Hebrew, 6 Polish, 7 Italian. */
export const LANGUAGE_IDS = { en: 1, es: 2, de: 3, fr: 4, he: 5, pl: 6, it: 7 } as const;

type Row = [name: string, lang: number, gender: 'male' | 'female', accent: string | null, age: string | null, synth: number | null, modes: string, owner: number | null];

const ROWS: Row[] = [
  ['Aria', 1, 'female', 'American', 'Young', 1, 'pmd', null],
  ['Brian', 1, 'male', 'American', 'Middle aged', 1, 'pm', null],
  ['Charlotte', 1, 'female', 'British', 'Middle aged', 1, 'p', null],
  ['Daniel', 1, 'male', 'British', 'Old', 2, 'p', null],
  ['Emily', 1, 'female', 'Australian', 'Young', 2, 'pd', null],
  ['Finn', 1, 'male', 'Irish', 'Young', 2, 'p', null],
  ['Grace', 1, 'female', 'Indian', 'Middle aged', 3, 'pm', null],
  ['Harry', 1, 'male', 'Australian', 'Middle aged', 3, 'p', null],
  ['Isla', 1, 'female', 'Irish', 'Old', null, 'm', null],
  ['Jack', 1, 'male', null, null, null, 'm', null],
  ['Lucia', 2, 'female', 'Castilian', 'Young', 1, 'pm', null],
  ['Mateo', 2, 'male', 'Mexican', 'Middle aged', 1, 'p', null],
  ['Sofia', 2, 'female', 'Argentinian', 'Middle aged', 2, 'pd', null],
  ['Hans', 3, 'male', 'Standard', 'Old', 1, 'p', null],
  ['Greta', 3, 'female', 'Standard', 'Young', 2, 'pm', null],
  ['Lukas', 3, 'male', 'Swiss', 'Middle aged', 3, 'p', null],
  ['Amelie', 4, 'female', 'Parisian', 'Young', 1, 'pmd', null],
  ['Louis', 4, 'male', 'Canadian', 'Middle aged', 2, 'p', null],
  ['Noa', 5, 'female', 'Israeli', 'Young', 1, 'p', null],
  ['Avi', 5, 'male', 'Israeli', 'Middle aged', 3, 'pd', null],
  ['Zofia', 6, 'female', 'Standard', 'Middle aged', 1, 'p', null],
  ['Piotr', 6, 'male', 'Standard', 'Old', 2, 'p', null],
  ['Giulia', 7, 'female', 'Roman', 'Young', 1, 'pm', null],
  ['Marco', 7, 'male', 'Milanese', 'Middle aged', 3, 'p', null],
  ['Olga', 6, 'female', 'Standard', 'Young', 3, 'p', null],
  ['Tomasz', 6, 'male', 'Silesian', 'Young', 1, 'pm', null],
  ['Shira', 5, 'female', 'Israeli', 'Old', 2, 'p', null],
  ['Luca', 7, 'male', 'Neapolitan', 'Old', 2, 'p', null],
  ['Nova', 1, 'female', null, 'Young', null, 'md', null],
  ['Orion', 1, 'male', null, 'Middle aged', null, 'md', null],
  ['Primary Brand Voice', 1, 'female', 'American', 'Middle aged', 1, 'p', 1],
  ['Primary Clone', 1, 'male', 'British', 'Young', 2, 'p', 1],
  ['Secondary Clinic Voice', 1, 'female', 'American', 'Middle aged', 1, 'p', 2],
  ['Secondary Clone', 2, 'male', 'Mexican', 'Young', 2, 'p', 2],
  ['Secondary Narrator', 4, 'male', 'Parisian', 'Old', 3, 'pm', 2],
  ['Secondary Whisper', 1, 'female', 'Irish', 'Young', null, 'm', 2],
];

const MODE_LETTERS = { p: 'pipeline', m: 'multimodal', d: 'dualplex' } as const;

/** The seeded voices, ids 1..N in table order. */
export function seedVoices(): VoiceSeed[] {
  return ROWS.map(([name, lang, gender, accent, age, synth, modes, owner], i) => ({
    id: i + 1,
    name,
    language_id: lang,
    gender,
    accent,
    age,
    synthesizer_provider_id: synth,
    modes: [...modes].map((m) => MODE_LETTERS[m as keyof typeof MODE_LETTERS]),
    ownerAccountId: owner,
  }));
}
