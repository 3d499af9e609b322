import { describe, expect, it, vi } from 'vitest';
import { CursorPage, type CursorPageBody } from './cursor-page.js';
import { NumberedPage, type NumberedPageBody } from './numbered-page.js';
import type { PageQuery } from './page.js';
import { PagePromise } from './page-promise.js';

type Item = { id: number };

/** A cursor server over `total` items, `perPage` at a time; `cursor` is the index of the page's first item. */
function cursorServer(total: number, perPage: number) {
  const queries: PageQuery[] = [];
  const fetch = vi.fn(async (query: PageQuery): Promise<CursorPageBody<Item>> => {
    queries.push(query);
    const start = typeof query.cursor === 'string' ? Number(query.cursor) : 0;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({ id: start + i }));
    const next = start + perPage < total ? String(start + perPage) : null;
    return { data, next_cursor: next, prev_cursor: start === 0 ? null : String(start - perPage), per_page: perPage, path: '/x' };
  });
  return { fetch, queries };
}

function cursorList(fetch: (q: PageQuery) => Promise<CursorPageBody<Item>>, query: PageQuery = {}, maxPages?: number) {
  const options = maxPages === undefined ? {} : { maxPages };
  return new PagePromise<CursorPage<Item>, Item>(async () => new CursorPage<Item>(await fetch(query), query, fetch, options));
}

describe('cursor pagination', () => {
  it('resolves to the first page with its cursors', async () => {
    const { fetch } = cursorServer(5, 2);
    const page = await cursorList(fetch);
    expect(page.data.map((c) => c.id)).toEqual([0, 1]);
    expect(page.next_cursor).toBe('2');
    expect(page.prev_cursor).toBeNull();
    expect(page.hasNextPage()).toBe(true);
    const second = await page.getNextPage();
    expect(second.data.map((c) => c.id)).toEqual([2, 3]);
  });

  it('iterates every item across pages, keeping the filters on each request', async () => {
    const { fetch, queries } = cursorServer(7, 3);
    const ids: number[] = [];
    for await (const item of cursorList(fetch, { type: 'api', per_page: 3 })) ids.push(item.id);
    expect(ids).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(queries).toEqual([
      { type: 'api', per_page: 3 },
      { type: 'api', per_page: 3, cursor: '3' },
      { type: 'api', per_page: 3, cursor: '6' },
    ]);
  });

  it('walks pages with iterPages and fetches the first page once', async () => {
    const { fetch } = cursorServer(4, 2);
    const list = cursorList(fetch);
    await list;
    const sizes: number[] = [];
    for await (const page of list.iterPages()) sizes.push(page.data.length);
    expect(sizes).toEqual([2, 2]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops when the server repeats a cursor instead of looping forever', async () => {
    const fetch = vi.fn(async (query: PageQuery): Promise<CursorPageBody<Item>> => ({
      data: [{ id: query.cursor === undefined ? 0 : 1 }],
      next_cursor: 'same',
    }));
    const ids: number[] = [];
    for await (const item of cursorList(fetch)) ids.push(item.id);
    expect(ids).toEqual([0, 1]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops after maxPages pages, from the list options or from iterPages', async () => {
    const { fetch } = cursorServer(100, 10);
    const ids: number[] = [];
    for await (const item of cursorList(fetch, {}, 2)) ids.push(item.id);
    expect(ids).toHaveLength(20);
    const pages: number[] = [];
    for await (const page of cursorList(fetch).iterPages({ maxPages: 3 })) pages.push(page.data[0]?.id ?? -1);
    expect(pages).toEqual([0, 10, 20]);
  });

  it('does not fetch anything until awaited or iterated', () => {
    const { fetch } = cursorServer(3, 1);
    cursorList(fetch);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('serialises as its response body', async () => {
    const { fetch } = cursorServer(1, 5);
    const page = await cursorList(fetch);
    expect(JSON.parse(JSON.stringify(page))).toEqual(page.body);
  });

  it('throws from getNextPage on the last page', async () => {
    const { fetch } = cursorServer(1, 5);
    const page = await cursorList(fetch);
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toBeInstanceOf(RangeError);
  });
});

describe('page-number pagination', () => {
  function numberedServer(total: number, emptyFrom = Number.POSITIVE_INFINITY) {
    return vi.fn(async (query: PageQuery): Promise<NumberedPageBody<Item>> => {
      const page = typeof query.page === 'number' ? query.page : 1;
      const perPage = typeof query.per_page === 'number' ? query.per_page : 15;
      const start = (page - 1) * perPage;
      const count = page >= emptyFrom ? 0 : Math.max(0, Math.min(perPage, total - start));
      return { data: Array.from({ length: count }, (_, i) => ({ id: start + i })), current_page: page, per_page: perPage, total };
    });
  }

  function numberedList(fetch: (q: PageQuery) => Promise<NumberedPageBody<Item>>, query: PageQuery) {
    return new PagePromise<NumberedPage<Item>, Item>(async () => new NumberedPage<Item>(await fetch(query), query, fetch));
  }

  it('walks pages until current_page * per_page reaches total', async () => {
    const fetch = numberedServer(5);
    const ids: number[] = [];
    for await (const item of numberedList(fetch, { per_page: 2 })) ids.push(item.id);
    expect(ids).toEqual([0, 1, 2, 3, 4]);
    expect(fetch.mock.calls.map(([q]) => q.page)).toEqual([undefined, 2, 3]);
  });

  it('stops at an empty page even when total claims more', async () => {
    const fetch = numberedServer(100, 3);
    const ids: number[] = [];
    for await (const item of numberedList(fetch, { per_page: 10 })) ids.push(item.id);
    expect(ids).toHaveLength(20);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('starts from the requested page', async () => {
    const fetch = numberedServer(6);
    const page = await numberedList(fetch, { page: 2, per_page: 2 });
    expect(page.current_page).toBe(2);
    expect(page.total).toBe(6);
    expect(page.nextPageQuery()).toEqual({ page: 3, per_page: 2 });
  });
});
