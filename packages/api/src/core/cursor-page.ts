/**
 * Pages of Laravel cursor-paginated lists (`next_cursor` / `prev_cursor`).
 */
import { Page, type PageQuery } from './page.js';

/** A Laravel cursor-paginated body. */
export interface CursorPageBody<Item> {
  data: Item[];
  next_cursor?: string | null;
  prev_cursor?: string | null;
  per_page?: number;
  path?: string;
}

/** A page of a cursor list: the next page is asked for with `cursor=<next_cursor>`. */
export class CursorPage<Item, Body extends CursorPageBody<Item> = CursorPageBody<Item>> extends Page<Item, Body> {
  get data(): Item[] {
    return Array.isArray(this.body.data) ? this.body.data : [];
  }
  get next_cursor(): string | null {
    return this.body.next_cursor ?? null;
  }
  get prev_cursor(): string | null {
    return this.body.prev_cursor ?? null;
  }
  get per_page(): number | undefined {
    return this.body.per_page;
  }

  nextPageQuery(): PageQuery | null {
    const cursor = this.next_cursor;
    if (cursor === null || cursor === '') return null;
    return { ...this.query, cursor };
  }

  protected withBody(body: Body, query: PageQuery): this {
    return new (this.constructor as new (...args: ConstructorParameters<typeof CursorPage<Item, Body>>) => this)(body, query, ...this.pageContext);
  }
}
