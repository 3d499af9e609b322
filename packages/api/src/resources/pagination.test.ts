import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../core/fake-fetch.test-support.js';
import { conversation, folder, recordingLogger, testClient } from './fixtures.test-support.js';

/** A platform serving `total` conversations, `perPage` a page, with opaque cursors. */
function conversationPages(total: number, perPage: number) {
  return (request: { url: URL }) => {
    const cursor = request.url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Number(atob(cursor));
    const data = Array.from({ length: Math.min(perPage, total - start) }, (_, i) => conversation(start + i));
    const next = start + perPage < total ? btoa(String(start + perPage)) : null;
    return jsonResponse({ data, path: 'https://platform.test/api/user/conversations', per_page: perPage, next_cursor: next, prev_cursor: null });
  };
}

describe('conversations.list', () => {
  it('iterates every conversation across cursor pages with for await', async () => {
    const { client, fetch } = testClient(conversationPages(7, 3));
    const counts: unknown[] = [];
    for await (const item of client.conversations.list({ type: 'api', per_page: 3 })) counts.push(item.message_count);
    expect(counts).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(fetch.calls.map((c) => c.url.search)).toEqual([
      '?type=api&per_page=3',
      `?type=api&per_page=3&cursor=${encodeURIComponent(btoa('3'))}`,
      `?type=api&per_page=3&cursor=${encodeURIComponent(btoa('6'))}`,
    ]);
  });

  it('resolves to the first page, which can fetch the next one', async () => {
    const { client } = testClient(conversationPages(4, 2));
    const page = await client.conversations.list();
    expect(page.data).toHaveLength(2);
    expect(page.next_cursor).toBe(btoa('2'));
    expect(page.body.path).toBe('https://platform.test/api/user/conversations');
    const next = await page.getNextPage();
    expect(next.data.map((c) => c.message_count)).toEqual([2, 3]);
    expect(next.hasNextPage()).toBe(false);
  });

  it('walks pages with iterPages', async () => {
    const { client } = testClient(conversationPages(5, 2));
    const sizes: number[] = [];
    for await (const page of client.conversations.list().iterPages()) sizes.push(page.data.length);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('stops on a repeated cursor and logs it', async () => {
    const logger = recordingLogger();
    const { client, fetch } = testClient(
      () => jsonResponse({ data: [conversation(1)], path: '/x', per_page: 1, next_cursor: 'stuck', prev_cursor: null }),
      { logger },
    );
    let count = 0;
    for await (const _item of client.conversations.list()) count += 1;
    expect(count).toBe(2);
    expect(fetch.calls).toHaveLength(2);
    expect(logger.lines.some((l) => l.level === 'warn' && /repeated/.test(l.message))).toBe(true);
  });

  it('honours maxPages from the call options', async () => {
    const { client, fetch } = testClient(conversationPages(100, 10));
    let count = 0;
    for await (const _item of client.conversations.list({ per_page: 10 }, { maxPages: 3 })) count += 1;
    expect(count).toBe(30);
    expect(fetch.calls).toHaveLength(3);
  });

  it('validates the filters of the first page before sending anything', async () => {
    const { client, fetch } = testClient(conversationPages(1, 1));
    await expect(client.conversations.list({ per_page: 0 })).rejects.toMatchObject({ name: 'RequestValidationError' });
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('folders.list', () => {
  function folderPages(total: number, emptyFrom = Number.POSITIVE_INFINITY) {
    return (request: { url: URL }) => {
      const page = Number(request.url.searchParams.get('page') ?? '1');
      const perPage = Number(request.url.searchParams.get('per_page') ?? '15');
      const start = (page - 1) * perPage;
      const count = page >= emptyFrom ? 0 : Math.max(0, Math.min(perPage, total - start));
      return jsonResponse({ data: Array.from({ length: count }, (_, i) => folder(start + i + 1)), current_page: page, per_page: perPage, total });
    };
  }

  it('iterates every folder across numbered pages', async () => {
    const { client, fetch } = testClient(folderPages(5));
    const ids: unknown[] = [];
    for await (const item of client.folders.list({ per_page: 2 })) ids.push(item.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(fetch.calls.map((c) => c.url.search)).toEqual(['?per_page=2', '?per_page=2&page=2', '?per_page=2&page=3']);
  });

  it('stops at an empty page', async () => {
    const { client, fetch } = testClient(folderPages(50, 2));
    const ids: unknown[] = [];
    for await (const item of client.folders.list({ per_page: 10 })) ids.push(item.id);
    expect(ids).toHaveLength(10);
    expect(fetch.calls).toHaveLength(2);
  });

  it('honours maxPages and exposes the page fields', async () => {
    const { client, fetch } = testClient(folderPages(50));
    const first = await client.folders.list({ per_page: 5 });
    expect([first.current_page, first.per_page, first.total]).toEqual([1, 5, 50]);
    let count = 0;
    for await (const _item of client.folders.list({ per_page: 5 }, { maxPages: 2 })) count += 1;
    expect(count).toBe(10);
    expect(fetch.calls).toHaveLength(3);
  });
});
