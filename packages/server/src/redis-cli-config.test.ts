import { describe, expect, it } from 'vitest';
import { readCliConfig } from './cli-config.js';
import { SessionServerError } from './errors.js';

const BASE = { VOICE_SESSION_API_KEY: 'sk-test', VOICE_SESSION_ASSISTANT_ID: 'a1' };

describe('readCliConfig: Redis', () => {
  it('keeps counters in memory when VOICE_SESSION_REDIS_URL is unset', () => {
    expect(readCliConfig(BASE, []).redis).toBeUndefined();
  });

  it('reads VOICE_SESSION_REDIS_URL and VOICE_SESSION_REDIS_PREFIX', () => {
    const config = readCliConfig({ ...BASE, VOICE_SESSION_REDIS_URL: 'rediss://:pw@cache.internal:6380/2', VOICE_SESSION_REDIS_PREFIX: 'shop-a:' }, []);
    expect(config.redis).toEqual({ url: 'rediss://:pw@cache.internal:6380/2', keyPrefix: 'shop-a:' });
  });

  it('defaults the prefix to none', () => {
    expect(readCliConfig({ ...BASE, VOICE_SESSION_REDIS_URL: 'redis://127.0.0.1:6379' }, []).redis).toEqual({ url: 'redis://127.0.0.1:6379', keyPrefix: '' });
  });

  it('refuses a URL that is not redis:// or rediss://, without echoing it (it may hold a password)', () => {
    for (const url of ['http://cache.internal', 'cache.internal:6379', 'redis//:secret@x']) {
      let thrown: unknown;
      try {
        readCliConfig({ ...BASE, VOICE_SESSION_REDIS_URL: url }, []);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SessionServerError);
      expect((thrown as Error).message).toBe('VOICE_SESSION_REDIS_URL must be a redis:// or rediss:// URL.');
    }
  });
});
