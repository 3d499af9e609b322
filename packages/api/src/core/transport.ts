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
  pathParams?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  bodyEncoding?: BodyEncoding;
  /** Parses a successful body; a body that does not fit is returned as is (tolerant reader) and logged. */
  response?: ResponseSchema<T>;
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
    const init = await this.#buildInit(request, options);
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
    return `${this.#baseUrl}${encodePath(request.path, request.pathParams)}${serializeQuery(request.query)}`;
  }

  async #buildInit(request: TransportRequest, options: RequestOptions): Promise<RequestInit> {
    // A plain record with lower-case names: cheaper than a Headers object on every call, and fetch accepts it.
    const headers: Record<string, string> = { ...this.#defaultHeaders };
    let body: BodyInit | undefined;
    const encoding = request.bodyEncoding ?? (request.body === undefined ? 'none' : 'json');
    if (encoding !== 'none' && request.body !== undefined) {
      if (encoding === 'multipart' && hasUpload(request.body)) {
        // fetch writes the multipart boundary into Content-Type itself.
        body = await toFormData(request.body as Record<string, unknown>);
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
    }
    if (options.headers) {
      for (const [name, value] of Object.entries(options.headers)) {
        if (value === null) delete headers[name.toLowerCase()];
        else if (value !== undefined) headers[name.toLowerCase()] = value;
      }
    }
    return body === undefined ? { method: request.method, headers } : { method: request.method, headers, body };
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
      response = await this.#config.fetch(url, { ...init, signal: controller.signal });
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
    if (!request.response) return body as T;
    const result = request.response.safeParse(body);
    if (result.success) return result.data;
    // Tolerant reader: a platform change must not break the caller, so the raw body is returned and the drift logged.
    this.#config.logger?.warn(
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
  const json = (response.headers.get('content-type') ?? '').includes('json');
  // Parse JSON bodies, and also untyped ones that look like JSON (some error pages omit the header).
  if (json || text.charCodeAt(0) === 123 /* { */ || text.charCodeAt(0) === 91 /* [ */) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return response.ok && json ? new InvalidJson(text) : text;
    }
  }
  return text;
}

/** The defaults a transport falls back to. */
export const TRANSPORT_DEFAULTS = { timeout: 60_000, maxRetries: DEFAULT_MAX_RETRIES } as const;
