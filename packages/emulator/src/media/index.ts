/** The emulator's LiveKit-compatible media endpoint. */
export { createMediaEndpoint } from './media-endpoint.js';
export type { AttachableMediaEndpoint } from './media-endpoint.js';
export type {
  AdmitRefusal,
  EndReason,
  MediaEndpoint,
  MediaEndpointOptions,
  MediaSessionHooks,
  RealtimeTokenClaims,
} from './contract.js';
export { checkRealtimeToken } from './token-check.js';
export type { TokenCheck, TokenRefusal } from './token-check.js';
