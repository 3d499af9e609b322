import { afterEach, describe, expect, it } from 'vitest';
import { assertServerSide, isBrowserLike } from './browser-guard.js';
import { PlatformError } from './errors.js';

const g = globalThis as { window?: unknown; document?: unknown };

afterEach(() => {
  delete g.window;
  delete g.document;
});

describe('browser guard', () => {
  it('allows a server-side global', () => {
    expect(isBrowserLike()).toBe(false);
    expect(() => assertServerSide(undefined)).not.toThrow();
  });

  it('throws in a browser-like global unless explicitly allowed', () => {
    g.window = {};
    g.document = {};
    expect(isBrowserLike()).toBe(true);
    expect(() => assertServerSide(undefined)).toThrow(PlatformError);
    expect(() => assertServerSide(false)).toThrow(/dangerouslyAllowBrowser/);
    expect(() => assertServerSide(true)).not.toThrow();
  });

  it('does not treat a lone window (some server polyfills) as a browser', () => {
    g.window = {};
    expect(isBrowserLike()).toBe(false);
  });
});
