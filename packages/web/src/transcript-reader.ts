// Reads LiveKit Agents transcription streams (topic `lk.transcription`) into the transcript store.
import type { TranscriptRole } from './events.js';
import type { TextStreamPort } from './room-port.js';
import type { TranscriptStore } from './transcript-store.js';
import type { TranscriptEntry } from './events.js';

/** The transcription topic LiveKit Agents publish on. */
export const TRANSCRIPTION_TOPIC = 'lk.transcription';

/** Decides a segment's role from the track it transcribes. */
export type RoleResolver = (transcribedTrackId: string | undefined, senderIdentity: string) => TranscriptRole;

/**
 * Consumes one transcription stream. An assistant segment arrives as one stream of deltas; a user segment
 * arrives as a new stream per update carrying the full text. So within a stream chunks accumulate, and a
 * later stream for a known segment replaces a user segment's text but continues an assistant's.
 */
export async function readTranscriptionStream(
  reader: TextStreamPort,
  sender: string,
  store: TranscriptStore,
  resolveRole: RoleResolver,
  emit: (entry: TranscriptEntry) => void,
  isClosed: () => boolean,
): Promise<void> {
  const attributes = () => reader.info.attributes ?? {};
  const id = attributes()['lk.segment_id'] ?? reader.info.id;
  const role = resolveRole(attributes()['lk.transcribed_track_id'], sender);
  const base = role === 'assistant' ? store.textOf(id) : '';
  let text = '';
  const update = (final: boolean) => {
    if (isClosed()) return;
    const entry = store.set(id, role, base + text, final);
    if (entry) emit(entry);
  };
  for await (const chunk of reader) {
    text += chunk;
    update(false);
  }
  // Trailer attributes were merged into info.attributes when the stream closed.
  update(attributes()['lk.transcription_final'] === 'true');
}
