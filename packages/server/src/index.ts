export { createSessionHandler } from './handler.js';
export type { SessionHandler, SessionResponseBody, LiveKitTokenResponseBody } from './handler.js';
export type { SessionHandlerOptions, AuthorizeResult, RateLimit } from './options.js';
export { PLATFORM_LIMITS } from './options.js';
export type { VariablesPolicy, VariablesSchema } from './variables-policy.js';
export type { LimitStore, TakeResult } from './limit-store.js';
export { MemoryLimitStore } from './memory-limit-store.js';
export { RedisLimitStore } from './redis-limit-store.js';
export type { RedisLimitStoreOptions } from './redis-limit-store.js';
export { RedisRateLimitStore } from './redis-rate-limit-store.js';
export { RedisUnavailableError, STORE_UNAVAILABLE } from './redis-unavailable-error.js';
export { createRedisClient, FAIL_FAST_REDIS_OPTIONS } from './redis-client.js';
export { createServerLogger } from './logger.js';
export type { SessionLogger, ServerLoggerOptions } from './logger.js';
export { createPlatformSessionCreator } from './platform-session.js';
export type { PlatformSessionOptions } from './platform-session.js';
export type {
  CreateUpstreamSession,
  UpstreamCallOptions,
  UpstreamSession,
  UpstreamSessionParams,
  SessionVariables,
} from './upstream.js';
export type { SessionErrorCode } from './json-response.js';
export { SessionServerError } from './errors.js';
