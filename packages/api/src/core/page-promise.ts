/**
 * The promise-like handle list methods return: it resolves to the first page and also iterates every item.
 */
import type { Page, PaginationOptions } from './page.js';

/**
 * The result of a list call: `await` it for the first page, `for await` it for every item across pages, or walk
 * `iterPages()`. Nothing is fetched until one of those is used, and the first page is fetched once.
 *
 * @example
 * for await (const conversation of client.conversations.list({ type: 'api' })) console.log(conversation.id);
 */
export class PagePromise<P extends Page<Item, unknown>, Item> implements PromiseLike<P>, AsyncIterable<Item> {
  readonly #load: () => Promise<P>;
  #first: Promise<P> | undefined;

  constructor(load: () => Promise<P>) {
    this.#load = load;
  }

  #firstPage(): Promise<P> {
    this.#first ??= this.#load();
    return this.#first;
  }

  then<R1 = P, R2 = never>(
    onfulfilled?: ((value: P) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<P | R> {
    return this.#firstPage().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<P> {
    return this.#firstPage().finally(onfinally);
  }

  /** Yields every page, from the first. */
  async *iterPages(options?: PaginationOptions): AsyncGenerator<P, void, undefined> {
    const first = await this.#firstPage();
    yield* first.iterPages(options) as AsyncGenerator<P, void, undefined>;
  }

  /** Yields every item across pages. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}
