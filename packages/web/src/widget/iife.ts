// Entry of dist/voice-session-widget.iife.js: one <script> tag defines <voice-session-widget> and exposes
// `window.VoiceSessionWidget` (the element class and the SDK) for pages that want to script it.
import { defineVoiceSessionWidget } from './voice-session-widget.js';

defineVoiceSessionWidget();

export { VoiceSessionWidget, defineVoiceSessionWidget } from './voice-session-widget.js';
export { VoiceSession, VoiceSessionError } from '../index.js';
