// @vitest-environment jsdom
/**
 * The browser guard in a real DOM (jsdom), not a stubbed global: the client refuses to hold an API key in a page.
 */
import { describe, expect, it } from 'vitest';
import { PlatformClient } from './client.js';
import { fakeFetch, jsonResponse } from './core/fake-fetch.test-support.js';
import { bodies } from './resources/fixtures.test-support.js';

describe('PlatformClient in a browser (jsdom)', () => {
  it('throws browser_not_allowed and sends nothing when constructed in a page', () => {
    expect(typeof window.document.createElement).toBe('function');
    const fetch = fakeFetch([jsonResponse(bodies.apiKeyList)]);
    expect(() => new PlatformClient({ apiKey: 'sk_page_key', baseUrl: 'https://p.test/api', fetch })).toThrow(
      expect.objectContaining({ name: 'PlatformError', code: 'browser_not_allowed' }),
    );
    expect(fetch.calls).toHaveLength(0);
  });

  it('works in a page only with the explicit dangerouslyAllowBrowser opt-in', async () => {
    const fetch = fakeFetch([jsonResponse(bodies.apiKeyList)]);
    const client = new PlatformClient({ apiKey: 'sk_page_key', baseUrl: 'https://p.test/api', fetch, dangerouslyAllowBrowser: true });
    await expect(client.apiKeys.list()).resolves.toEqual(bodies.apiKeyList);
    expect(fetch.calls).toHaveLength(1);
  });
});
