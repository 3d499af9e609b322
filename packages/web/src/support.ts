/** What the current browser supports, from {@link VoiceSession.checkSupport}. */
export interface SupportReport {
  /** True when a voice session can run (secure context, getUserMedia and WebRTC). */
  readonly supported: boolean;
  readonly secureContext: boolean;
  readonly getUserMedia: boolean;
  readonly webRTC: boolean;
  /** Whether the speaker can be chosen (`setOutputDevice`); false on iOS Safari, for example. */
  readonly outputSelection: boolean;
}

/** Feature-detects everything a session needs; never sniffs the user agent. */
export function detectSupport(): SupportReport {
  const secureContext = globalThis.isSecureContext === true;
  const getUserMedia = typeof globalThis.navigator?.mediaDevices?.getUserMedia == 'function';
  const webRTC = typeof globalThis.RTCPeerConnection == 'function';
  const outputSelection = typeof HTMLMediaElement != 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
  return { supported: secureContext && getUserMedia && webRTC, secureContext, getUserMedia, webRTC, outputSelection };
}
