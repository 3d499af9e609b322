// Entry of dist/voice-session.iife.js: a plain <script> tag gets `window.VoiceSessionSDK.VoiceSession`.
export { VoiceSession, VoiceSessionError } from './index.js';
