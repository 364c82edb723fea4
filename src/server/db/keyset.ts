/**
 * Keyset pagination over (created_at, id), as the order and booking dashboards list: a page is the
 * rows after the cursor in the tab's order, and the cursor is the last row's position, opaque to
 * clients. Stable under inserts, and one index range whatever the page.
 */
import { DomainError } from '@domain/errors';
import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface KeysetColumns {
  createdAt: PgColumn;
  id: PgColumn;
}

export interface Position {
  createdAt: Date;
  id: string;
}

const badCursor = () => new DomainError('validation_failed', 400, undefined, [{ path: 'cursor', code: 'invalid_cursor' }]);

export function encodeCursor(row: Position): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

/** 400 `invalid_cursor` for anything this did not encode. */
export function decodeCursor(cursor: string): Position {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = typeof createdAt === 'string' ? new Date(createdAt) : new Date(NaN);
    if (Number.isNaN(date.getTime()) || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw badCursor();
    return { createdAt: date, id };
  } catch {
    throw badCursor();
  }
}

/** The list's order: oldest first for a queue, newest first for the rest. */
export const keysetOrder = (columns: KeysetColumns, newestFirst: boolean): [SQL, SQL] => {
  const direction = newestFirst ? desc : asc;
  return [direction(columns.createdAt), direction(columns.id)];
};

/** The rows after the cursor's position in that order. */
export function afterCursor(columns: KeysetColumns, newestFirst: boolean, cursor: string): SQL {
  const at = decodeCursor(cursor);
  const beyond = newestFirst ? lt : gt;
  return or(beyond(columns.createdAt, at.createdAt), and(eq(columns.createdAt, at.createdAt), beyond(columns.id, at.id)))!;
}

/** A page from the `limit + 1` rows read in keyset order: the first `limit`, and the cursor after them when there are more. */
export function pageOf<Row extends Position, T>(rows: Row[], limit: number, view: (row: Row) => T): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(view), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
