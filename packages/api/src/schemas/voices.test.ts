import { describe, expect, it } from 'vitest';
import { VoiceListParams, VoiceListResponse } from './voices.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

describe('voice schemas', () => {
  it('accepts every filter, including the synthesizer filter', () => {
    const parsed = expectValid(VoiceListParams, {
      mode: 'dualplex', language_id: '2', gender: 'female', age: 'Young', accent: 'British', search: 'ann', synthesizer_provider_id: 3,
    });
    expect(parsed.language_id).toBe(2);
    expectValid(VoiceListParams, {});
  });

  it('rejects an unknown mode, non-integer ids and unknown filters', () => {
    expectInvalidAt(VoiceListParams, { mode: 'duplex' }, 'mode', /pipeline, multimodal, dualplex/);
    expectInvalidAt(VoiceListParams, { language_id: 'en' }, 'language_id');
    expectInvalidAt(VoiceListParams, { synthesizer_provider_id: 1.5 }, 'synthesizer_provider_id');
    expectInvalidAt(VoiceListParams, { provider: 'x' }, '');
  });

  it('reads a bare array of voices with nullable fields and unknown genders', () => {
    const voice = { id: 1, name: 'Ann', language_id: 2, gender: 'female', preview_url: 'https://cdn/a.mp3', accent: null, age: null, synthesizer_provider_id: null };
    const parsed = VoiceListResponse.parse([voice, { ...voice, gender: 'neutral', accent: 'Irish', premium: true }]);
    expect(parsed[1]?.gender).toBe('neutral');
    expect(parsed[1]?.premium).toBe(true);
    expectInvalidAt(VoiceListResponse, { data: [voice] }, '');
  });
});
