/**
 * The widget's shadow-DOM stylesheet. Everything is themeable through CSS custom properties set on the
 * element (or any ancestor): --vs-accent, --vs-accent-text, --vs-surface, --vs-text, --vs-radius,
 * --vs-font, --vs-offset, --vs-z.
 */
export const WIDGET_CSS = `
:host{position:fixed;right:var(--vs-offset,20px);bottom:var(--vs-offset,20px);z-index:var(--vs-z,2147483000);
font:14px/1.4 var(--vs-font,system-ui,sans-serif);color:var(--vs-text,#1c1c28);display:flex;flex-direction:column;align-items:flex-end;gap:8px}
.bubble{max-width:min(320px,80vw);background:var(--vs-surface,#fff);border-radius:var(--vs-radius,16px);padding:10px 14px;
box-shadow:0 4px 24px #0002;white-space:pre-wrap}
.bubble[hidden]{display:none}
.row{display:flex;gap:8px}
button{font:inherit;border:0;cursor:pointer;border-radius:999px;min-height:44px;padding:0 18px;
background:var(--vs-accent,#4f46e5);color:var(--vs-accent-text,#fff);box-shadow:0 4px 16px #0003}
button:focus-visible{outline:3px solid var(--vs-text,#1c1c28);outline-offset:2px}
button[hidden]{display:none}
.mute{background:var(--vs-surface,#fff);color:var(--vs-text,#1c1c28)}
.mute[aria-pressed=true]{background:var(--vs-text,#1c1c28);color:var(--vs-surface,#fff)}
.talk[data-state=connected]::before{content:"";display:inline-block;width:8px;height:8px;border-radius:50%;background:currentColor;margin-right:8px;animation:p 1.2s infinite}
@keyframes p{50%{opacity:.3}}
@media (prefers-reduced-motion:reduce){.talk::before{animation:none}}
`;
