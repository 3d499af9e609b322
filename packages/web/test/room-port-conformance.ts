// Compile-time proof (checked by `npm run typecheck`) that livekit-client's real classes satisfy the
// structural ports the SDK codes against, so the fake room in the tests cannot drift from them.
import type { LocalAudioTrack, LocalParticipant, RemoteParticipant, Room, TextStreamReader } from 'livekit-client';
import type { LocalParticipantPort, MicrophonePort, ParticipantPort, RoomPort, TextStreamPort } from '../src/room-port.js';

type Assert<Actual extends Expected, Expected> = [Actual, Expected];

export type RoomConforms = Assert<Omit<Room, 'localParticipant' | 'remoteParticipants'>, Omit<RoomPort, 'localParticipant' | 'remoteParticipants'>>;
export type LocalParticipantConforms = Assert<LocalParticipant, LocalParticipantPort>;
export type RemoteParticipantConforms = Assert<RemoteParticipant, ParticipantPort>;
export type TextStreamConforms = Assert<TextStreamReader, TextStreamPort>;
export type MicrophoneConforms = Assert<LocalAudioTrack, MicrophonePort>;
export type RemoteParticipantsConform = Assert<Room['remoteParticipants'], RoomPort['remoteParticipants']>;
