import { describe, expect, it } from 'vitest';
import { REDACTED, createRedactingLogger, redact, type Logger } from './logger.js';

describe('redact', () => {
  it('redacts Authorization, API keys, passwords and any token-named key at any depth', () => {
    const out = redact({
      headers: new Headers({ Authorization: 'Bearer sk_1', 'Content-Type': 'application/json' }),
      body: { token: 't1', participant_token: 't2', api_key: { name: 'k', token: 't3' }, sip_password: 'pw', name: 'ok' },
      list: [{ access_token: 't4' }],
    });
    expect(out).toEqual({
      headers: { authorization: REDACTED, 'content-type': 'application/json' },
      body: { token: REDACTED, participant_token: REDACTED, api_key: REDACTED, sip_password: REDACTED, name: 'ok' },
      list: [{ access_token: REDACTED }],
    });
  });

  it('redacts credential-named query parameters inside logged URLs', () => {
    expect(redact({ url: 'https://p.test/api/x?token=abc&page=2&access_token=def&api_key=ghi#top' })).toEqual({
      url: `https://p.test/api/x?token=${REDACTED}&page=2&access_token=${REDACTED}&api_key=${REDACTED}#top`,
    });
  });

  it('scrubs known secrets and bearer credentials inside free text', () => {
    expect(redact('failed with key sk_live_123 and Bearer abc.def', ['sk_live_123'])).toBe(
      `failed with key ${REDACTED} and Bearer ${REDACTED}`,
    );
  });
});

describe('createRedactingLogger', () => {
  it('hands redacted details to the target logger and returns undefined without one', () => {
    const seen: unknown[] = [];
    const target: Logger = {
      debug: (d, m) => void seen.push(d, m),
      info: (d, m) => void seen.push(d, m),
      warn: (d, m) => void seen.push(d, m),
      error: (d, m) => void seen.push(d, m),
    };
    const logger = createRedactingLogger(target, () => ['sk_secret']);
    logger?.warn({ url: 'https://x/?k=sk_secret', token: 'abc' }, 'oops sk_secret');
    expect(seen).toEqual([{ url: `https://x/?k=${REDACTED}`, token: REDACTED }, `oops ${REDACTED}`]);
    expect(createRedactingLogger(undefined, () => [])).toBeUndefined();
  });
});
