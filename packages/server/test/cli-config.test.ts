import { describe, expect, it } from 'vitest';
import { readCliConfig } from '../src/cli-config.js';

const KEY = { VOICE_SESSION_API_KEY: 'sk_test', VOICE_SESSION_ASSISTANT_ID: '0b5f8f7e-4a53-4c62-9a51-2f0d3c1e9a10' };

describe('readCliConfig', () => {
  it('refuses to start without an API key, in one line', () => {
    expect(() => readCliConfig({}, [])).toThrow(/^VOICE_SESSION_API_KEY is not set[^\n]*$/);
  });

  it('reads every variable the issue lists', () => {
    const config = readCliConfig(
      {
        VOICE_SESSION_API_KEY: 'sk_test',
        VOICE_SESSION_BASE_URL: 'http://127.0.0.1:4010/api',
        VOICE_SESSION_ASSISTANTS: '{"sales":"a-uuid","help":"b-uuid"}',
        VOICE_SESSION_ALLOWED_ORIGINS: 'https://shop.example, https://www.shop.example',
        PORT: '9000',
      },
      [],
    );
    expect(config).toEqual({
      port: 9000,
      router: {
        apiKey: 'sk_test',
        baseUrl: 'http://127.0.0.1:4010/api',
        assistants: { sales: 'a-uuid', help: 'b-uuid' },
        allowedOrigins: ['https://shop.example', 'https://www.shop.example'],
      },
    });
  });

  it('lets --port override PORT', () => {
    expect(readCliConfig({ ...KEY, PORT: '9000' }, ['--port', '0']).port).toBe(0);
    expect(readCliConfig({ ...KEY, PORT: '9000' }, ['--port=7000']).port).toBe(7000);
    expect(readCliConfig(KEY, []).port).toBe(8787);
  });

  it('refuses malformed assistants, origins and ports with a clear message', () => {
    expect(() => readCliConfig({ ...KEY, VOICE_SESSION_ASSISTANT_ID: undefined, VOICE_SESSION_ASSISTANTS: '[1]' }, [])).toThrow(/JSON object/);
    expect(() => readCliConfig({ ...KEY, VOICE_SESSION_ASSISTANTS: '{"a":"b"}' }, [])).toThrow(/not both/);
    expect(() => readCliConfig({ ...KEY, VOICE_SESSION_ALLOWED_ORIGINS: 'https://shop.example/' }, [])).toThrow(/not an origin/);
    expect(() => readCliConfig(KEY, ['--port', 'http'])).toThrow(/Port/);
    expect(() => readCliConfig({ VOICE_SESSION_API_KEY: 'k' }, [])).toThrow(/VOICE_SESSION_ASSISTANT_ID/);
  });
});
