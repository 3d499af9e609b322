/**
 * The base of paginated results: a page knows its items and the query of the next page, and walks the rest. Only
 * one page is held at a time, so a walk over thousands of items keeps memory flat.
 */
import type { Logger } from './logger.js';

/** Query of one page request: the caller's filters plus the page's cursor or number. */
export type PageQuery = Record<string, unknown>;

/** Fetches one page body for a query. */
export type PageFetcher<Body> = (query: PageQuery) => Promise<Body>;

/** Options of a paginated walk. */
export interface PaginationOptions {
  /** Stop after this many pages (the first page counts). */
  maxPages?: number;
}

/** What every page offers, whatever its pagination style. */
export abstract class Page<Item, Body> implements AsyncIterable<Item> {
  /** The whole response body of this page, unknown fields included. */
  readonly body: Body;
  /** The query that fetched this page. */
  readonly query: PageQuery;
  readonly #fetch: PageFetcher<Body>;
  readonly #options: PaginationOptions;
  readonly #logger: Logger | undefined;

  constructor(body: Body, query: PageQuery, fetch: PageFetcher<Body>, options: PaginationOptions = {}, logger?: Logger) {
    this.body = body;
    this.query = query;
    this.#fetch = fetch;
    this.#options = options;
    this.#logger = logger;
  }

  /** The items of this page. */
  abstract get data(): Item[];

  /** The query of the next page, or `null` on the last page. */
  abstract nextPageQuery(): PageQuery | null;

  /** Builds a page of the same kind around another body. */
  protected abstract withBody(body: Body, query: PageQuery): this;

  /** True when another page follows. */
  hasNextPage(): boolean {
    return this.nextPageQuery() !== null;
  }

  /** Fetches the next page; throws when there is none (check `hasNextPage()` first). */
  async getNextPage(): Promise<this> {
    const query = this.nextPageQuery();
    if (query === null) throw new RangeError('No next page: check hasNextPage() first.');
    return this.withBody(await this.#fetch(query), query);
  }

  /**
   * Yields this page and every following one, stopping on the last page, on a page query seen before (a server
   * handing back the same cursor would otherwise loop forever) and after `maxPages` pages.
   */
  async *iterPages(options: PaginationOptions = {}): AsyncGenerator<this, void, undefined> {
    const maxPages = options.maxPages ?? this.#options.maxPages ?? Number.POSITIVE_INFINITY;
    const seen = new Set<string>([stableKey(this.query)]);
    let page: this = this;
    for (let count = 1; ; count += 1) {
      yield page;
      if (count >= maxPages) return;
      const next = page.nextPageQuery();
      if (next === null) return;
      const key = stableKey(next);
      if (seen.has(key)) {
        this.#logger?.warn({ query: next }, 'pagination stopped: the server repeated a page it already returned');
        return;
      }
      seen.add(key);
      page = page.withBody(await this.#fetch(next), next);
    }
  }

  /** Yields every item from this page on, across pages. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages()) yield* page.data;
  }

  /** Serialises as the response body, so logging or returning a page shows what the platform sent. */
  toJSON(): Body {
    return this.body;
  }

  /** Page construction data for subclasses' `withBody`. */
  protected get pageContext(): [PageFetcher<Body>, PaginationOptions, Logger | undefined] {
    return [this.#fetch, this.#options, this.#logger];
  }
}

function stableKey(query: PageQuery): string {
  return JSON.stringify(Object.keys(query).sort().map((k) => [k, query[k]]));
}
