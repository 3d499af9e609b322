/**
 * The Lua behind each check-and-take of `RedisLimitStore`: each runs atomically inside Redis, so
 * concurrent copies of the server can never both take the last unit of a budget.
 *
 * Time: every instant the scripts compare or store is on one timeline, Redis's own `TIME` plus the
 * caller's clock jump (see `CallerClock`); callers send only durations and that jump, never an
 * absolute time, so a copy whose clock is minutes off still writes and evicts on the shared timeline.
 */

// Milliseconds on the shared timeline. TIME is [seconds, microseconds] from the Redis host's clock.
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
`;

// Keeps the key until its newest entry is due (+ a second of slack), so an idle key frees itself.
const EXPIRE_AT_NEWEST = `
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] then
  redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil(tonumber(newest[2]) - now)) + 1000)
end
`;

/**
 * Sliding-window take. KEYS[1]: sorted set of hits scored by time. ARGV: jump, limit, windowMs, member.
 * Returns `{1, 0}` when taken, `{0, retryAfterMs}` when the window is full.
 */
export const TAKE_LUA = `${NOW}
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return {0, math.max(1, math.ceil(tonumber(oldest[2]) + window - now))}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.ceil(window) + 1000)
return {1, 0}
`;

/**
 * Reserve an outstanding slot. KEYS[1]: sorted set of slot ids scored by expiry. ARGV: jump, id, max,
 * durationMs (expiry − caller's now). Expired slots are dropped first, so they count as free.
 * Returns `{1, 0}` when held, `{0, retryAfterMs}` (until the earliest slot expires) when all are held.
 */
export const RESERVE_LUA = `${NOW}
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local count = redis.call('ZCARD', KEYS[1])
if count >= max then
  local earliest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, math.max(1, math.ceil(tonumber(earliest[2]) - now))}
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[2])
${EXPIRE_AT_NEWEST}
return {1, 0}
`;

/**
 * Move a held slot's expiry. KEYS[1]: the slot set. ARGV: jump, id, durationMs. A slot that is no
 * longer held (released, or expired and swept) stays free. Returns 1 when moved, 0 when not held.
 */
export const EXTEND_LUA = `${NOW}
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[3]), ARGV[2])
${EXPIRE_AT_NEWEST}
return 1
`;
