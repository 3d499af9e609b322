import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * One Lua script run atomically by Redis: `EVALSHA` by its digest (only 40 bytes on the wire), falling
 * back to `EVAL` with the source when this Redis has not cached it yet (a restart, `SCRIPT FLUSH`,
 * a failover); `EVAL` caches it, so the next call is an `EVALSHA` again.
 */
export class RedisScript {
  readonly source: string;
  readonly sha1: string;

  constructor(source: string) {
    this.source = source;
    this.sha1 = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script with `keys` as KEYS and `args` as ARGV; resolves to its reply. */
  async run(client: Redis, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> {
    try {
      return await client.evalsha(this.sha1, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
