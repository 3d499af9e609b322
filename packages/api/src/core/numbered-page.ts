/**
 * Pages of Laravel length-aware paginated lists (`current_page`, `per_page`, `total`).
 */
import { Page, type PageQuery } from './page.js';

/** A Laravel length-aware paginated body. */
export interface NumberedPageBody<Item> {
  data: Item[];
  current_page?: number;
  per_page?: number;
  total?: number;
}

/** A page of a page-number list: the next page is `page=current_page+1` until `current_page * per_page >= total`. */
export class NumberedPage<Item, Body extends NumberedPageBody<Item> = NumberedPageBody<Item>> extends Page<Item, Body> {
  get data(): Item[] {
    return Array.isArray(this.body.data) ? this.body.data : [];
  }
  get current_page(): number {
    return this.body.current_page ?? (typeof this.query.page === 'number' ? this.query.page : 1);
  }
  get per_page(): number | undefined {
    return this.body.per_page;
  }
  get total(): number | undefined {
    return this.body.total;
  }

  nextPageQuery(): PageQuery | null {
    if (this.data.length === 0) return null;
    const perPage = this.per_page ?? this.data.length;
    if (this.total !== undefined && this.current_page * perPage >= this.total) return null;
    return { ...this.query, page: this.current_page + 1 };
  }

  protected withBody(body: Body, query: PageQuery): this {
    return new (this.constructor as new (...args: ConstructorParameters<typeof NumberedPage<Item, Body>>) => this)(body, query, ...this.pageContext);
  }
}
