/**
 * Idempotency-Key at the intakes (orders, bookings): a retry with the same key and body gets back
 * what the first request made instead of a second one; the same key with another body is refused
 * (422 idempotency_key_reused). The key is claimed first thing in the writing transaction, so a
 * concurrent retry waits on its row, then finds it.
 */
import { createHash } from 'node:crypto';
import { DomainError } from '@domain/errors';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';

export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

/** Printable ASCII, as the IETF draft and Stripe take it; a UUID is the usual choice. Loose: the other headers stay. */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().min(1).max(255).regex(/^[\x21-\x7e]+$/).optional(),
});

/** The request's claim on its Idempotency-Key (the body's hash tells a retry from a reuse); null without one. */
export function idempotencyClaimOf(request: FastifyRequest, body: unknown): IdempotencyClaim | null {
  const key = (request.headers as z.infer<typeof IdempotencyHeadersSchema>)['idempotency-key'];
  return key ? { key, requestHash: createHash('sha256').update(JSON.stringify(body)).digest('base64url') } : null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long a key answers with what it made: a day, as customers' apps retry within minutes. */
const KEY_RETENTION = sql`interval '24 hours'`;

interface KeyColumns {
  truckId: PgColumn;
  key: PgColumn;
  requestHash: PgColumn;
  createdAt: PgColumn;
}

export const idempotencyKeyReused = () => new DomainError('idempotency_key_reused', 422);

/**
 * A feature's key table (truck id, key, request hash, the id of what it made under `madeId`, created
 * at): what a claim finds, the claim itself, and forgetting keys past their retention.
 */
export function idempotencyKeys<T extends PgTable & KeyColumns, M extends keyof T & string>(table: T, madeId: M) {
  const made = table[madeId] as PgColumn;
  return {
    /** The id the key first made, for the same body; null for an unused key; 422 for another body. */
    async earlier(runner: Db | Tx, truckId: string, claim: IdempotencyClaim): Promise<string | null> {
      const [row] = (await runner
        .select({ requestHash: table.requestHash, madeId: made })
        .from(table as PgTable)
        .where(and(eq(table.truckId, truckId), eq(table.key, claim.key)))) as { requestHash: string; madeId: string }[];
      if (!row) return null;
      if (row.requestHash !== claim.requestHash) throw idempotencyKeyReused();
      return row.madeId;
    },

    /** Claims the key for `id` in the writing transaction; false when an earlier request holds it (wait over: it committed). */
    async claim(tx: Tx, truckId: string, claim: IdempotencyClaim, id: string): Promise<boolean> {
      const values = { truckId, key: claim.key, requestHash: claim.requestHash, [madeId]: id } as T['$inferInsert'];
      const claimed = await tx.insert(table).values(values).onConflictDoNothing().returning({ key: table.key });
      return claimed.length > 0;
    },

    /** Forgets keys past their retention; returns how many. */
    async forgetOld(db: Db): Promise<number> {
      const removed = await db.delete(table).where(lt(table.createdAt, sql`now() - ${KEY_RETENTION}`)).returning({ key: table.key });
      return removed.length;
    },
  };
}
