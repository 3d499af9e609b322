/**
 * `PlatformClient`: configuration, the transport, and one resource object per API area.
 */
import { assertServerSide } from './core/browser-guard.js';
import { EndpointCaller } from './core/endpoint-caller.js';
import { readEnv } from './core/env.js';
import { PlatformError } from './core/errors.js';
import { createRedactingLogger, type Logger } from './core/logger.js';
import {
  type BodyEncoding,
  type Fetch,
  type HttpMethod,
  HttpTransport,
  type RequestOptions,
  type ResponseSchema,
  TRANSPORT_DEFAULTS,
} from './core/transport.js';
import { ApiKeys } from './resources/api-keys.js';
import { AssistantWebhooks } from './resources/assistant-webhooks.js';
import { Automations } from './resources/automations.js';
import { ChatApp } from './resources/chat-app.js';
import { Conversations } from './resources/conversations.js';
import { Documents } from './resources/documents.js';
import { Folders } from './resources/folders.js';
import { PhoneNumbers } from './resources/phone-numbers.js';
import { Realtime } from './resources/realtime.js';
import { SipTrunks } from './resources/sip-trunks.js';
import { Tools } from './resources/tools.js';
import { Voices } from './resources/voices.js';
import { WhiteLabel } from './resources/white-label.js';

/** Options of `new PlatformClient(options)`. */
export interface ClientOptions {
  /** API key sent as `Authorization: Bearer`; defaults to `VOICE_SESSION_API_KEY`. */
  apiKey?: string | undefined;
  /** API root including `/api`, for example `https://platform.example/api`; defaults to `VOICE_SESSION_BASE_URL`. */
  baseUrl?: string | undefined;
  /** Milliseconds before one attempt times out (default 60 000). */
  timeout?: number | undefined;
  /** Retries of safe failures (default 2). */
  maxRetries?: number | undefined;
  /** The `fetch` to send through (default: the global one). */
  fetch?: Fetch | undefined;
  /** Receives debug/warn lines with `Authorization`, the API key and every token redacted. */
  logger?: Logger | undefined;
  /** Headers added to every request. */
  defaultHeaders?: Record<string, string> | undefined;
  /**
   * Allows constructing the client where `window` and `document` exist. Anyone who loads such a page can read the
   * API key, so only set this for keys scoped to what the page may do.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** A request to an endpoint the spec names without a shape (get document, list automations…). */
export interface RawRequest<T = unknown> {
  method: HttpMethod;
  /** Path relative to `baseUrl`, starting with `/`; `{name}` placeholders are filled from `pathParams`, encoded. */
  path: string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** `multipart` sends the body as a form when it holds a file; default `json` when there is a body. */
  bodyEncoding?: BodyEncoding;
  /** Parses the answer (tolerantly: a body that does not fit is returned as is). */
  response?: ResponseSchema<T>;
}

/**
 * The typed client of the platform API: one property per API area, one method per endpoint.
 *
 * @example
 * const client = new PlatformClient({ apiKey: process.env.VOICE_SESSION_API_KEY, baseUrl: 'https://platform.example/api' });
 * const session = await client.realtime.createSession({ assistant_id: '7f1c…' });
 */
export class PlatformClient {
  /** API keys: create, list. */
  readonly apiKeys: ApiKeys;
  /** Knowledgebase documents: create (website, or an uploaded pdf/txt/docx). */
  readonly documents: Documents;
  /** Mid-call tools: create. */
  readonly tools: Tools;
  /** Realtime voice sessions: createSession. */
  readonly realtime: Realtime;
  /** White-label plans: listPlans, getUserPlan. */
  readonly whiteLabel: WhiteLabel;
  /** SIP trunks: create. */
  readonly sipTrunks: SipTrunks;
  /** Purchasable phone numbers: search. */
  readonly phoneNumbers: PhoneNumbers;
  /** Automations: applyTemplate, get, listRuns, getRun, retryRun. */
  readonly automations: Automations;
  /** Chat-app messaging: listSenders, listTemplates, sendFreeform. */
  readonly chatApp: ChatApp;
  /** Conversations: list (cursor pages), enableAi. */
  readonly conversations: Conversations;
  /** Assistant webhooks: disableInboundWebhook, enableConversationEndedWebhook. */
  readonly assistants: AssistantWebhooks;
  /** Voices: list. */
  readonly voices: Voices;
  /** Folders: list (numbered pages). */
  readonly folders: Folders;

  /** The API root every path is relative to. */
  readonly baseUrl: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly #transport: HttpTransport;

  constructor(options: ClientOptions = {}) {
    assertServerSide(options.dangerouslyAllowBrowser);
    const apiKey = options.apiKey ?? readEnv('VOICE_SESSION_API_KEY');
    if (!apiKey) {
      throw new PlatformError('Missing API key: pass `apiKey` or set VOICE_SESSION_API_KEY.', { code: 'missing_api_key' });
    }
    const baseUrl = options.baseUrl ?? readEnv('VOICE_SESSION_BASE_URL');
    if (!baseUrl) {
      throw new PlatformError('Missing base URL: pass `baseUrl` (the API root including /api) or set VOICE_SESSION_BASE_URL.', {
        code: 'missing_base_url',
      });
    }
    if (!URL.canParse(baseUrl)) throw new PlatformError(`Invalid base URL "${baseUrl}".`, { code: 'invalid_base_url' });
    const fetchImpl = options.fetch ?? (globalThis.fetch as Fetch | undefined);
    if (!fetchImpl) throw new PlatformError('No fetch available: pass `fetch`.', { code: 'missing_fetch' });
    this.baseUrl = baseUrl;
    this.timeout = options.timeout ?? TRANSPORT_DEFAULTS.timeout;
    this.maxRetries = options.maxRetries ?? TRANSPORT_DEFAULTS.maxRetries;
    const logger = createRedactingLogger(options.logger, () => [apiKey]);
    this.#transport = new HttpTransport({
      baseUrl,
      apiKey,
      timeout: this.timeout,
      maxRetries: this.maxRetries,
      // Called unbound: some fetch implementations throw "Illegal invocation" when called as a method of another object.
      fetch: (url, init) => fetchImpl(url, init),
      logger,
      ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
    });
    const caller = new EndpointCaller(this.#transport, logger);
    this.apiKeys = new ApiKeys(caller);
    this.documents = new Documents(caller);
    this.tools = new Tools(caller);
    this.realtime = new Realtime(caller);
    this.whiteLabel = new WhiteLabel(caller);
    this.sipTrunks = new SipTrunks(caller);
    this.phoneNumbers = new PhoneNumbers(caller);
    this.automations = new Automations(caller);
    this.chatApp = new ChatApp(caller);
    this.conversations = new Conversations(caller);
    this.assistants = new AssistantWebhooks(caller);
    this.voices = new Voices(caller);
    this.folders = new Folders(caller);
  }

  /**
   * Sends a request to an endpoint the spec names without a shape, with the client's authentication, retries,
   * timeout and error mapping.
   *
   * @example
   * // The path as the platform documents it; `{id}` is filled and percent-encoded.
   * const result = await client.request({ method: 'GET', path: '/user/some/path/{id}', pathParams: { id: 42 } });
   */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): Promise<T> {
    return this.#transport.send(request, options);
  }
}
