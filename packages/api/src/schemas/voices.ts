import { z } from 'zod';
import { openEnum, wireInteger } from './common.js';

/** Voice modes the voices list can be filtered by. */
export const VOICE_MODES = ['pipeline', 'multimodal', 'dualplex'] as const;

/**
 * Query of `GET /user/assistants/voices`. Every filter is optional; the synthesizer filter's name is hidden by
 * the spec (see `HIDDEN_PARAMETER_NAMES`).
 */
export const VoiceListParams = z.strictObject({
  mode: z.enum(VOICE_MODES, { message: 'mode must be one of pipeline, multimodal, dualplex.' }).optional(),
  language_id: wireInteger().int({ message: 'language_id must be an integer.' }).optional(),
  gender: z.string().min(1).optional(),
  age: z.string().min(1).optional(),
  accent: z.string().min(1).optional(),
  search: z.string().min(1).optional(),
  synthesizer_provider_id: wireInteger().int({ message: 'synthesizer_provider_id must be an integer.' }).optional(),
});
export type VoiceListParams = z.input<typeof VoiceListParams>;

/** A voice an assistant can speak with; its `id` is the assistant's `voice_id`. */
export const Voice = z.looseObject({
  id: z.int(),
  name: z.string(),
  language_id: z.int(),
  gender: openEnum(['male', 'female']),
  preview_url: z.string(),
  accent: z.string().nullable(),
  age: z.string().nullable(),
  synthesizer_provider_id: z.int().nullable(),
});
export type Voice = z.infer<typeof Voice>;

/** Response of `GET /user/assistants/voices`: a bare array, no wrapper object. */
export const VoiceListResponse = z.array(Voice);
export type VoiceListResponse = z.infer<typeof VoiceListResponse>;
