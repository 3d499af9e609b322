/**
 * The widget's shadow-DOM stylesheet. Everything is themeable through CSS custom properties set on the
 * element (or any ancestor): --vs-accent, --vs-accent-text, --vs-surface, --vs-text, --vs-radius,
 * --vs-font, --vs-offset, --vs-z.
 */
// Shorthands (`--a`, `--s`, …) keep the minified sheet small; only the `--vs-*` names are public.
export const WIDGET_CSS = `
:host{--a:var(--vs-accent,#4f46e5);--at:var(--vs-accent-text,#fff);--s:var(--vs-surface,#fff);--t:var(--vs-text,#1c1c28);
position:fixed;right:var(--vs-offset,24px);bottom:var(--vs-offset,24px);z-index:var(--vs-z,2147483000);
font:15px/1.45 var(--vs-font,system-ui,-apple-system,"Segoe UI",sans-serif);color:var(--t);
display:flex;flex-direction:column;align-items:flex-end;gap:14px;-webkit-font-smoothing:antialiased}
.bubble{position:relative;box-sizing:border-box;width:min(340px,calc(100vw - 2*var(--vs-offset,24px)));background:var(--s);
border-radius:var(--vs-radius,18px);padding:12px;display:flex;flex-direction:column;gap:8px;
box-shadow:0 16px 40px -8px #0f172a38,0 2px 6px #0f172a14,0 0 0 1px #0f172a0d}
.bubble::after{content:"";position:absolute;right:28px;bottom:-6px;width:14px;height:14px;background:inherit;transform:rotate(45deg);border-radius:0 0 3px 0}
.bubble[hidden],[hidden]{display:none}
.bubble p{margin:0;padding:8px 12px;border-radius:14px 14px 14px 4px;background:color-mix(in srgb,var(--t) 6%,var(--s));
max-width:85%;align-self:flex-start;overflow-wrap:anywhere;animation:in .2s ease-out}
.bubble .user{align-self:flex-end;border-radius:14px 14px 4px 14px;background:var(--a);color:var(--at)}
.bubble [data-final=false]{opacity:.7}
.bubble .note{align-self:stretch;max-width:none;text-align:center;border-radius:10px;background:color-mix(in srgb,var(--a) 10%,var(--s))}
.who{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.row{display:flex;align-items:center;gap:10px}
button{display:inline-flex;align-items:center;gap:10px;font:inherit;font-weight:600;border:0;cursor:pointer;border-radius:999px;
min-height:44px;padding:0 18px 0 14px;background:var(--s);color:var(--t);box-shadow:0 6px 20px -4px #0f172a33,0 0 0 1px #0f172a0f;
transition:transform .15s,box-shadow .15s,background .2s}
button:hover{transform:translateY(-1px)}
button:active{transform:none}
button:focus-visible{outline:3px solid var(--a);outline-offset:3px}
svg{width:20px;height:20px;fill:currentColor;flex:none}
.mute[aria-pressed=true]{background:var(--t);color:var(--s)}
.talk{min-height:56px;padding:0 22px 0 18px;background:var(--a);color:var(--at);font-size:16px;
box-shadow:0 10px 28px -6px color-mix(in srgb,var(--a) 70%,transparent),0 2px 6px #0f172a26}
.talk .stop{width:24px;height:24px;padding:4px;box-sizing:border-box;margin-right:-8px;border-radius:50%;background:#ffffff2e}
.talk .spin,.talk .stop,.viz,.talk[data-state=connecting] .mic,.talk[data-state=connected] .mic,.talk[data-state=reconnecting] .mic{display:none}
.talk[data-state=connecting] .spin,.talk[data-state=reconnecting] .spin{display:block;animation:r .8s linear infinite}
.talk[data-state=connected] .viz{display:flex}
.talk[data-state=connected] .stop{display:block}
.viz{align-items:center;justify-content:center;gap:3px;width:20px;height:20px}
.viz i{width:4px;height:6px;border-radius:2px;background:currentColor}
[data-agent=listening] .viz i{height:8px;animation:l 1.6s ease-in-out infinite}
[data-agent=speaking] .viz i{animation:b .7s ease-in-out infinite}
[data-agent=thinking] .viz i,[data-agent=initializing] .viz i{height:4px;width:4px;animation:f 1s infinite}
.viz i:nth-child(2){animation-delay:-.25s!important}.viz i:nth-child(3){animation-delay:-.5s!important}
[data-agent=listening] .viz i:nth-child(2){height:14px}
[data-agent=speaking] .viz i{height:16px}
@keyframes b{50%{transform:scaleY(.35)}}
@keyframes l{50%{transform:scaleY(.7)}}
@keyframes f{50%{opacity:.25}}
@keyframes r{to{transform:rotate(1turn)}}
@keyframes in{from{opacity:0;transform:translateY(4px)}}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
