/**
 * The HTTP transport: builds one request (URL, headers, body), sends it over the injected `fetch` with a timeout and
 * the caller's signal, retries what is safe to retry, and parses the answer. It knows no endpoint.
 */
import type { z } from 'zod';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  PlatformError,
  createAPIError,
} from './errors.js';
import type { Logger } from './logger.js';
import { toFormData } from './multipart.js';
import { encodePath } from './path.js';
import { serializeQuery } from './query.js';
import { DEFAULT_MAX_RETRIES, isRetryable, retryDelay, sleep } from './retry.js';
import { hasUpload } from './uploads.js';

/** The `fetch` the client sends through; defaults to the global one. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** HTTP methods the platform uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** How a request body travels: JSON, multipart when it holds a file (JSON otherwise), or no body at all. */
export type BodyEncoding = 'json' | 'multipart' | 'none';

/** Per-call options, always the last argument of a resource method. */
export interface RequestOptions {
  /** Milliseconds before one attempt is abandoned with `APIConnectionTimeoutError` (client default: 60 s). */
  timeout?: number;
  /** Retries for this call (client default: 2). */
  maxRetries?: number;
  /** Aborts the call (including any backoff wait) with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Extra headers; a `null` value removes a default header. */
  headers?: Record<string, string | null | undefined>;
}

/** A schema-like parser for a response body (any zod schema fits). */
export type ResponseSchema<T> = Pick<z.ZodType<T>, 'safeParse'>;

/** One request as the transport sees it. */
export interface TransportRequest<T = unknown> {
  method: HttpMethod;
  /** Path relative to the base URL; `{name}` placeholders are filled from `pathParams` by the one encoder. */
  path: string;
  pathParams?: Readonly<Record<string, unknown>> | undefined;
  query?: Readonly<Record<string, unknown>> | undefined;
  body?: unknown;
  bodyEncoding?: BodyEncoding;
  /** Parses a successful body; a body that does not fit is returned as is (tolerant reader) and logged. */
  response?: ResponseSchema<T>;
  /**
   * True when `response` only checks (no defaults, coercions or transforms), so its output always equals its input.
   * The transport then parses only when a logger can receive the drift warning. The endpoint registry's response
   * schemas are all check-only (a test walks them); a caller's own schema in `client.request` is always parsed.
   */
  responseCheckOnly?: boolean;
}

/** Settings the transport is built with. */
export interface TransportConfig {
  baseUrl: string;
  apiKey: string;
  timeout: number;
  maxRetries: number;
  fetch: Fetch;
  logger: Logger | undefined;
  defaultHeaders?: Record<string, string>;
}

/** Sends requests for a `PlatformClient`. */
export class HttpTransport {
  readonly #config: TransportConfig;
  readonly #baseUrl: string;
  readonly #defaultHeaders: Readonly<Record<string, string>>;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#baseUrl = config.baseUrl.replace(/\/+$/, '');
    const defaults: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(config.defaultHeaders ?? {})) defaults[name.toLowerCase()] = value;
    defaults.authorization = `Bearer ${config.apiKey}`;
    this.#defaultHeaders = defaults;
  }

  /** Sends `request`, retrying safe failures, and resolves with the parsed body. */
  async send<T>(request: TransportRequest<T>, options: RequestOptions = {}): Promise<T> {
    const url = this.buildUrl(request);
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    const timeout = options.timeout ?? this.#config.timeout;
    // Only multipart bodies need an await (reading file inputs); JSON requests skip that promise hop.
    const built = this.#buildInit(request, options);
    const init = built instanceof Promise ? await built : built;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.#attempt(request, url, init, timeout, options.signal, attempt);
      } catch (error) {
        if (attempt >= maxRetries || !isRetryable(request.method, error)) throw error;
        const delayMs = retryDelay(attempt, (error as APIError).retryAfterMs);
        this.#config.logger?.warn(
          { method: request.method, url, attempt: attempt + 1, delayMs, status: (error as APIError).status, code: (error as APIError).code },
          'retrying request',
        );
        await sleep(delayMs, options.signal);
      }
    }
  }

  /** The absolute URL of `request`: base URL + encoded path + serialised query. */
  buildUrl(request: Pick<TransportRequest, 'path' | 'pathParams' | 'query'>): string {
    // Only relative paths: an absolute URL here would carry the API key to another host.
    if (!request.path.startsWith('/') || request.path.startsWith('//')) {
      throw new PlatformError(`Request path must start with a single "/" and be relative to baseUrl, got "${request.path}".`, {
        code: 'invalid_path',
      });
    }
    const path = request.path.includes('{') ? encodePath(request.path, request.pathParams) : request.path;
    return request.query === undefined ? `${this.#baseUrl}${path}` : `${this.#baseUrl}${path}${serializeQuery(request.query)}`;
  }

  #buildInit(request: TransportRequest, options: RequestOptions): RequestInit | Promise<RequestInit> {
    const encoding = request.bodyEncoding ?? (request.body === undefined ? 'none' : 'json');
    if (encoding === 'multipart' && request.body !== undefined && hasUpload(request.body)) {
      // fetch writes the multipart boundary into Content-Type itself.
      return toFormData(request.body as Record<string, unknown>).then((form) => this.#init(request.method, options, form, undefined));
    }
    if (encoding === 'none' || request.body === undefined) return this.#init(request.method, options, undefined, undefined);
    return this.#init(request.method, options, JSON.stringify(request.body), 'application/json');
  }

  #init(method: HttpMethod, options: RequestOptions, body: BodyInit | undefined, contentType: string | undefined): RequestInit {
    // A plain record with lower-case names: cheaper than a Headers object on every call, and fetch accepts it.
    const headers: Record<string, string> = { ...this.#defaultHeaders };
    if (contentType !== undefined) headers['content-type'] = contentType;
    if (options.headers) {
      for (const [name, value] of Object.entries(options.headers)) {
        if (value === null) delete headers[name.toLowerCase()];
        else if (value !== undefined) headers[name.toLowerCase()] = value;
      }
    }
    return body === undefined ? { method, headers } : { method, headers, body };
  }

  async #attempt<T>(
    request: TransportRequest<T>,
    url: string,
    init: RequestInit,
    timeout: number,
    signal: AbortSignal | undefined,
    attempt: number,
  ): Promise<T> {
    const logger = this.#config.logger;
    if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    // setTimeout fires at once for delays beyond 2^31-1 ms, so a huge or infinite timeout is capped (~24.8 days).
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, Math.min(timeout, MAX_TIMER_MS));
    const started = logger ? Date.now() : 0;
    logger?.debug({ method: init.method, url, attempt, headers: init.headers }, 'sending request');
    let response: Response;
    let body: unknown;
    try {
      // A fresh object per attempt: the shared init stays untouched for a retry.
      const attemptInit: RequestInit = { method: init.method, headers: init.headers, signal: controller.signal };
      if (init.body !== undefined) attemptInit.body = init.body;
      response = await this.#config.fetch(url, attemptInit);
      body = await readBody(response);
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError({ cause: error });
      if (timedOut) throw new APIConnectionTimeoutError({ message: `Request timed out after ${timeout} ms.`, cause: error });
      throw new APIConnectionError({ cause: error });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    logger?.debug({ method: init.method, url, status: response.status, durationMs: Date.now() - started, body }, 'received response');
    if (!response.ok) throw createAPIError(response.status, body, response.headers);
    if (body instanceof InvalidJson) {
      throw new APIError({ status: response.status, body: body.text, headers: response.headers, message: 'Response body is not valid JSON.' });
    }
    return this.#parse(request, url, body);
  }

  #parse<T>(request: TransportRequest<T>, url: string, body: unknown): T {
    const logger = this.#config.logger;
    if (!request.response) return body as T;
    // A check-only schema's output equals the body it accepts, and a body it rejects is returned as is anyway: the
    // parse could only produce a drift warning, so it is skipped when there is no logger to hear one.
    if (request.responseCheckOnly === true && !logger) return body as T;
    const result = request.response.safeParse(body);
    if (result.success) return result.data;
    // Tolerant reader: a platform change must not break the caller, so the raw body is returned and the drift logged.
    logger?.warn(
      { method: request.method, url, issues: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
      'response did not match its schema; returning it unparsed',
    );
    return body as T;
  }
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/** A success body that claimed to be JSON but was not, kept so the error can show it. */
class InvalidJson {
  constructor(readonly text: string) {}
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  // Objects and arrays are parsed whatever the Content-Type (some error pages omit it); the header is only read when
  // the text does not look like one, which keeps a header lookup off the common path.
  const first = text.charCodeAt(0);
  const looksLikeJson = first === 123 /* { */ || first === 91; /* [ */
  const declaredJson = (): boolean => (response.headers.get('content-type') ?? '').includes('json');
  if (looksLikeJson || declaredJson()) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return response.ok && declaredJson() ? new InvalidJson(text) : text;
    }
  }
  return text;
}

/** The defaults a transport falls back to. */
export const TRANSPORT_DEFAULTS = { timeout: 60_000, maxRetries: DEFAULT_MAX_RETRIES } as const;
