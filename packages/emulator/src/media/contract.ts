/**
 * The contract between the emulator's HTTP side (realtime sessions, control API, startEmulator)
 * and the LiveKit-compatible media endpoint in this folder.
 */
import type { Server } from 'node:http';
import type { Agent, AgentIO } from '../agent/agent-io.js';

/** Why a join is refused; the media endpoint maps each to what LiveKit answers. */
export type AdmitRefusal = 'unknown_session' | 'expired' | 'ended';

/** Claims of a realtime token (LiveKit's access-token format), as the emulator mints them. */
export interface RealtimeTokenClaims {
  /** Participant identity of the browser user. */
  sub: string;
  name?: string;
  iss: string;
  nbf?: number;
  /** Seconds since epoch (emulator clock). */
  exp: number;
  video: { room: string; roomJoin: boolean; canPublish?: boolean; canSubscribe?: boolean; canPublishData?: boolean };
  /** JSON: `{assistant_id, variables, external_identifier}`. */
  metadata?: string;
}

/** What the HTTP side does when a browser joins or leaves. */
export interface MediaSessionHooks {
  /** A browser with a valid token is joining room `sessionId`: turn the session live (call-history row) or refuse. */
  admit(sessionId: string, claims: RealtimeTokenClaims): { ok: true } | { ok: false; reason: AdmitRefusal };
  /** The room closed (every participant left, or ended from the server side). Frees the concurrent slot. */
  ended(sessionId: string): void;
}

export interface MediaEndpointOptions {
  /** HS256 secret the realtime tokens are signed with. */
  secret: string;
  /** Epoch ms from the emulator clock (token expiry is judged by it). */
  now: () => number;
  hooks: MediaSessionHooks;
  /** Builds the demo agent for a room; without it the room has no agent. */
  createAgent?: (io: AgentIO) => Agent;
  /** Lines for the operator (e.g. "pocketsphinx is not installed"); defaults to console.error. */
  log?: (line: string) => void;
  /** How long a silent signalling socket is kept before the user counts as gone. Default 15 000 (LiveKit's ping timeout). */
  pingTimeoutMs?: number;
}

export type EndReason = 'server' | 'expired';

export interface MediaEndpoint {
  /** Serve `/rtc`, `/rtc/v1` (WebSocket upgrade) and their `/validate` routes on the emulator's HTTP server. */
  attach(server: Server): void;
  /** End a live room from the server side: every participant gets a LiveKit leave, resources are released. */
  endRoom(sessionId: string, reason?: EndReason): boolean;
  /** Open rooms (for leak tests). */
  roomCount(): number;
  close(): Promise<void>;
}
