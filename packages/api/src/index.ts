/**
 * `@voice-session/api`: the typed client of the voice and chat assistant platform API.
 *
 * @example
 * import { PlatformClient, RateLimitError } from '@voice-session/api';
 * const client = new PlatformClient({ apiKey: process.env.VOICE_SESSION_API_KEY, baseUrl: 'https://platform.example/api' });
 * const { data } = await client.phoneNumbers.search({ country: 'US', digits: '415' });
 */
export { PlatformClient } from './client.js';
export type { ClientOptions, RawRequest } from './client.js';

export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PlatformError,
  RateLimitError,
  RequestValidationError,
  UnprocessableEntityError,
  createAPIError,
  parseRetryAfter,
} from './core/errors.js';
export type { APIErrorInit, ErrorCode, FieldErrors, PlatformErrorOptions, ValidationIssue } from './core/errors.js';

export { toFile } from './core/uploads.js';
export type { NodeReadableLike, ToFileInput, Uploadable } from './core/uploads.js';

export { Page } from './core/page.js';
export type { PageFetcher, PageQuery, PaginationOptions } from './core/page.js';
export { CursorPage } from './core/cursor-page.js';
export type { CursorPageBody } from './core/cursor-page.js';
export { NumberedPage } from './core/numbered-page.js';
export type { NumberedPageBody } from './core/numbered-page.js';
export { PagePromise } from './core/page-promise.js';

export type { PageRequestOptions } from './core/endpoint-caller.js';
export type { BodyEncoding, Fetch, HttpMethod, RequestOptions, ResponseSchema } from './core/transport.js';
export type { Logger } from './core/logger.js';

export type { ConversationPage } from './resources/conversations.js';
export type { FolderPage } from './resources/folders.js';
export {
  ApiKeys,
  AssistantWebhooks,
  Automations,
  ChatApp,
  Conversations,
  Documents,
  Folders,
  PhoneNumbers,
  Realtime,
  SipTrunks,
  Tools,
  Voices,
  WhiteLabel,
} from './resources/index.js';

// Wire types (every request and response), so callers need not import the schemas entry for types.
export type * from './schemas/index.js';
