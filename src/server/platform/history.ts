/**
 * The history an order or a booking keeps of every change (version, status, action, reason, who,
 * when) and the instants its views carry: the same rows and the same shapes for both.
 */
import { sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Caller } from './auth';

/** Who did it, as history keeps it. */
export interface Actor {
  userId: string;
}

export const actorOf = (caller: Caller): Actor => ({ userId: caller.userId });

/** The actor's name as history keeps it, read in the same statement that writes the row. */
export const actorName = (actor: Actor | null) =>
  actor === null ? null : sql`(SELECT coalesce(nullif(${users.fullName}, ''), ${users.email}) FROM ${users} WHERE ${users.id} = ${actor.userId})`;

/** A history row's columns but the actor's name, for a write that reads the name itself (the order intake's). */
export const historyColumns = <Status extends string, Action extends string>(
  truckId: string,
  version: number,
  entry: { status: Status; action: Action; reason?: string | null },
  actor: Actor | null,
  at: Date,
) => ({ truckId, version, status: entry.status, action: entry.action, reason: entry.reason ?? null, actorId: actor?.userId ?? null, at });

/** A history row's columns for a change written at `at` (the record's own id column is the caller's). */
export const historyValues = <Status extends string, Action extends string>(
  truckId: string,
  version: number,
  entry: { status: Status; action: Action; reason?: string | null },
  actor: Actor | null,
  at: Date,
) => ({ ...historyColumns(truckId, version, entry, actor, at), actorName: actorName(actor) });

export const iso = (date: Date | null) => (date === null ? null : date.toISOString());

interface HistoryRow<Status extends string, Action extends string> {
  version: number;
  status: Status;
  action: Action;
  reason: string | null;
  at: Date;
  actorId: string | null;
  actorName: string | null;
}

export function toHistoryEntry<Status extends string, Action extends string>(row: HistoryRow<Status, Action>) {
  return {
    version: row.version,
    status: row.status,
    action: row.action,
    reason: row.reason,
    at: row.at.toISOString(),
    actor: row.actorName === null ? null : { id: row.actorId, name: row.actorName },
  };
}
