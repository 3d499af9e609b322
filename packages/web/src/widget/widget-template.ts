// The widget's shadow markup. Icons are inline SVG paths so the single <script> file needs no assets.
const MIC = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"/></svg>';
const STOP = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 7h10v10H7z"/></svg>';
const SPIN = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 3a9 9 0 1 0 9 9h-2a7 7 0 1 1-7-7V3Z"/></svg>';

export const ICONS = { mic: MIC, stop: STOP, spin: SPIN } as const;

export const WIDGET_HTML = `
<div class="wrap">
  <div class="bubble" part="bubble" hidden>
    <div class="status" role="status" aria-live="polite"></div>
    <div class="lines" aria-live="polite"></div>
  </div>
  <div class="row">
    <button class="mute" part="mute" type="button" aria-pressed="false" hidden>Mute</button>
    <button class="talk" part="button" type="button" aria-pressed="false">${MIC}</button>
  </div>
</div>`;
