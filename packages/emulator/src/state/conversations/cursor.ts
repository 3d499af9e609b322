/**
 * Opaque cursors for the conversation list: base64url JSON of the boundary row's sort key and the
 * direction, the way Laravel's cursor paginator encodes `_pointsToNextItems`.
 */

/** The sort key of one row: creation time, then insertion sequence as the tie-breaker. */
export interface CursorKey {
  createdAt: number;
  seq: number;
}

/** A decoded cursor: the row it points from and whether it walks to newer (`prev`) or older (`next`) rows. */
export interface Cursor extends CursorKey {
  direction: 'next' | 'prev';
}

/** Encode a cursor for the wire. */
export function encodeCursor(cursor: Cursor): string {
  const json = JSON.stringify({ c: cursor.createdAt, s: cursor.seq, d: cursor.direction === 'next' ? 1 : 0 });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** Decode a wire cursor, or `null` when it is not one this emulator issued. */
export function decodeCursor(raw: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { c, s, d } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(c) || !Number.isSafeInteger(s) || (d !== 0 && d !== 1)) return null;
  return { createdAt: c as number, seq: s as number, direction: d === 1 ? 'next' : 'prev' };
}

/** Newest first: later creation time first, then later insertion first. */
export function compareNewestFirst(a: CursorKey, b: CursorKey): number {
  return b.createdAt - a.createdAt || b.seq - a.seq;
}

/** One page of a cursor walk over rows already sorted newest first. */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** Cut one page out of `sorted` (newest first) starting from `cursor` (or the top when absent). */
export function paginateByCursor<T extends CursorKey>(sorted: readonly T[], perPage: number, cursor: Cursor | null): CursorPage<T> {
  const keyOf = (row: T): CursorKey => ({ createdAt: row.createdAt, seq: row.seq });
  let start: number;
  let end: number;
  if (!cursor) {
    start = 0;
    end = Math.min(perPage, sorted.length);
  } else if (cursor.direction === 'next') {
    // Rows strictly older than the boundary row.
    start = sorted.findIndex((row) => compareNewestFirst(cursor, row) < 0);
    if (start < 0) start = sorted.length;
    end = Math.min(start + perPage, sorted.length);
  } else {
    // Rows strictly newer than the boundary row; the page is the last `perPage` of them.
    let firstNotNewer = sorted.findIndex((row) => compareNewestFirst(row, cursor) >= 0);
    if (firstNotNewer < 0) firstNotNewer = sorted.length;
    end = firstNotNewer;
    start = Math.max(0, end - perPage);
  }
  const items = sorted.slice(start, end);
  const first = items[0];
  const last = items[items.length - 1];
  const nextCursor = last && end < sorted.length ? encodeCursor({ ...keyOf(last), direction: 'next' }) : null;
  const prevCursor = first && start > 0 ? encodeCursor({ ...keyOf(first), direction: 'prev' }) : null;
  return { items, nextCursor, prevCursor };
}
