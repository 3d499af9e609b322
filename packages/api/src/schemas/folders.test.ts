import { describe, expect, it } from 'vitest';
import { FolderListParams, FolderListResponse } from './folders.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

describe('folder schemas', () => {
  it('defaults to page 1 of 15 and reads query-string numbers', () => {
    expect(expectValid(FolderListParams, {})).toEqual({ page: 1, per_page: 15 });
    expect(expectValid(FolderListParams, { page: '3', per_page: '100' })).toEqual({ page: 3, per_page: 100 });
  });

  it('enforces per_page 1-100 and page at least 1', () => {
    expectInvalidAt(FolderListParams, { per_page: 0 }, 'per_page', /at least 1/);
    expectInvalidAt(FolderListParams, { per_page: 101 }, 'per_page', /100/);
    expectInvalidAt(FolderListParams, { page: 0 }, 'page', /at least 1/);
    expectInvalidAt(FolderListParams, { cursor: 'x' }, '');
  });

  it('reads a page of folders and keeps unknown fields', () => {
    const page = FolderListResponse.parse({ data: [{ id: 1, name: 'Sales', color: '#ff0000', assistants_count: 3, icon: 'x' }], current_page: 1, per_page: 15, total: 1 });
    expect(page.data[0]?.icon).toBe('x');
    expectInvalidAt(FolderListResponse, { data: [], current_page: 1, per_page: 15 }, 'total');
  });
});
