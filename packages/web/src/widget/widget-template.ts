// The widget's shadow markup. Icons are inline SVG so the single <script> file needs no assets. No whitespace
// inside the buttons: their text is exactly their visible label.
const svg = (body: string, cls: string) => `<svg class="${cls}" viewBox="0 0 24 24" aria-hidden="true">${body}</svg>`;
const MIC = svg('<path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"/>', 'mic');
const SPIN = svg('<path d="M12 3a9 9 0 1 0 9 9h-2.2A6.8 6.8 0 1 1 12 5.2V3Z"/>', 'spin');
const STOP = svg('<rect x="7" y="7" width="10" height="10" rx="2"/>', 'stop');

/** The shadow DOM of `<voice-session-widget>` (its stylesheet is prepended by the element). */
export const WIDGET_HTML =
  `<div class="bubble" part="bubble" role="status" aria-live="polite" hidden></div>` +
  `<div class="row"><button class="mute" part="mute" type="button" aria-pressed="false" hidden>${MIC}<span class="mute-label">Mute</span></button>` +
  `<button class="talk" part="button" type="button" data-state="idle" aria-label="Talk to the assistant">` +
  `${MIC}${SPIN}<span class="viz" aria-hidden="true"><i></i><i></i><i></i></span><span class="label">Talk</span>${STOP}</button></div>`;
