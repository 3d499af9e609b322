/**
 * Calls described endpoints: validates path parameters, query and body with the descriptor's schemas before anything
 * is sent, then hands the request to the transport and parses the answer with the descriptor's response schema.
 * Resources describe endpoints; this module knows none of them.
 */
import type { z } from 'zod';
import { RequestValidationError, type ValidationIssue } from './errors.js';
import type { Logger } from './logger.js';
import type { Page, PageFetcher, PageQuery, PaginationOptions } from './page.js';
import { PagePromise } from './page-promise.js';
import type { BodyEncoding, HttpMethod, HttpTransport, RequestOptions } from './transport.js';
import { materializeUploads } from './uploads.js';
import { validatePart } from './validation.js';

/** The shape of an endpoint descriptor (the schemas' endpoint registry entries fit it). */
export interface EndpointDescriptor {
  readonly method: HttpMethod;
  readonly path: string;
  readonly pathParams?: z.ZodType | undefined;
  readonly query?: z.ZodType | undefined;
  readonly body?: z.ZodType | undefined;
  readonly bodyEncoding: BodyEncoding;
  readonly response: z.ZodType;
}

/** What one endpoint call carries besides its options. */
export interface EndpointInput {
  pathParams?: Record<string, unknown>;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** Per-call options of list methods: the usual ones plus a cap on the pages a walk fetches. */
export interface PageRequestOptions extends RequestOptions, PaginationOptions {}

/** A page class the caller can build: `new P(body, query, fetch, options, logger)`. */
export type PageClass<P> = new (
  body: never,
  query: PageQuery,
  fetch: PageFetcher<never>,
  options: PaginationOptions,
  logger: Logger | undefined,
) => P;

/** The parsed response type of an endpoint. */
export type EndpointResponse<E extends EndpointDescriptor> = z.output<E['response']>;

/** Runs endpoint calls for the resources of one client. */
export class EndpointCaller {
  readonly #transport: HttpTransport;
  readonly #logger: Logger | undefined;

  constructor(transport: HttpTransport, logger: Logger | undefined) {
    this.#transport = transport;
    this.#logger = logger;
  }

  /**
   * Validates `input` against `endpoint`'s schemas (rejecting with `RequestValidationError` and sending nothing on
   * any failure) and sends it. The caller's own values are sent, not the schema's output, so defaults stay the
   * server's. `endpoint.response` must only check, never transform (true of every registry entry, which a test
   * walks), because the transport skips that parse when no logger wants drift warnings.
   */
  call<E extends EndpointDescriptor>(endpoint: E, input: EndpointInput = {}, options?: RequestOptions): Promise<EndpointResponse<E>> {
    // Files are read first so that rules such as the size limit apply to streams too.
    if (endpoint.bodyEncoding === 'multipart') {
      return materializeUploads(input.body).then((body) => this.#send(endpoint, input, body, options));
    }
    // Not an async function, so a JSON call adds no promise layer of its own; a validation failure still rejects.
    try {
      return this.#send(endpoint, input, input.body, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #send<E extends EndpointDescriptor>(endpoint: E, input: EndpointInput, body: unknown, options: RequestOptions | undefined): Promise<EndpointResponse<E>> {
    const issues: ValidationIssue[] = [];
    let pathParams = input.pathParams;
    // A path without placeholders takes no path parameters, and resources pass none for it: nothing to check.
    if (endpoint.pathParams && (pathParams !== undefined || endpoint.path.includes('{'))) {
      pathParams = validatePart(endpoint.pathParams, pathParams ?? {}, issues) as Record<string, unknown> | undefined;
    }
    if (endpoint.query) validatePart(endpoint.query, input.query ?? {}, issues);
    if (endpoint.body) validatePart(endpoint.body, body, issues);
    if (issues.length > 0) throw new RequestValidationError(issues);
    return this.#transport.send(
      {
        method: endpoint.method,
        path: endpoint.path,
        pathParams,
        query: endpoint.query ? input.query : undefined,
        body: endpoint.bodyEncoding === 'none' ? undefined : body,
        bodyEncoding: endpoint.bodyEncoding,
        response: endpoint.response,
        responseCheckOnly: true,
      },
      options,
    ) as Promise<EndpointResponse<E>>;
  }

  /**
   * Calls a list endpoint and wraps the answer in page objects of `pageClass`: the result resolves to the first page
   * and iterates every item across pages. Each page's query is validated like any call.
   */
  paginate<Item, P extends Page<Item, unknown>>(
    pageClass: PageClass<P>,
    endpoint: EndpointDescriptor,
    input: EndpointInput,
    options: PageRequestOptions = {},
  ): PagePromise<P, Item> {
    const { maxPages, ...requestOptions } = options;
    const fetchPage: PageFetcher<never> = (query) =>
      this.call(endpoint, { ...input, query }, requestOptions) as Promise<never>;
    const first = input.query ?? {};
    const pagination: PaginationOptions = maxPages === undefined ? {} : { maxPages };
    return new PagePromise(async () => new pageClass(await fetchPage(first), first, fetchPage, pagination, this.#logger));
  }
}
