export { VoiceSessionWidget, defineVoiceSessionWidget } from './voice-session-widget.js';
export { WIDGET_CSS } from './widget-styles.js';
