/**
 * The admin's side: the review queue and list of every truck, and the decisions (approve, request
 * changes, reject, suspend, reinstate). A decision changes the status only along the application flow
 * (docs/product.md §2.2), records who and why, mails the owner, and leaves a notice for their next
 * visit. Approving a vendor's first truck makes the owner a Vendor; their next session refresh carries
 * the new access list.
 */
import { DomainError } from '@domain/errors';
import {
  reviewTransition,
  submissionProblems,
  type AdminTruckPage,
  type AdminTruckQuery,
  type ReviewCommand,
  type Truck,
} from '@domain/trucks';
import { and, asc, desc, eq, gt, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { truckDocuments, truckReviewEvents, truckSlugs, trucks } from '../../db/tables/trucks';
import type { Caller } from '../../platform/auth';
import type { TruckAccess, TruckRow } from '../../platform/truck-access';
import { reviewDecisionMail } from './trucks.mail';
import { incompleteApplication, type TrucksService } from './trucks.service';
import { basicsOf, locationOf } from './trucks.view';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A position in the list: PostgreSQL's text of created_at (microseconds kept) and the id. */
const CursorSchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/), z.uuid()]);
const badCursor = () => new DomainError('validation_failed', 400, undefined, [{ path: 'cursor', code: 'invalid_cursor' }]);

function decodeCursor(cursor: string): [string, string] {
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the refusal
  }
  throw badCursor();
}

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function slugBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'truck';
}

/** The truck's public link, from its English name; taken names get -2, -3, … */
async function assignSlug(tx: Tx, truck: TruckRow): Promise<string> {
  const base = slugBase(truck.nameEn);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.insert(truckSlugs).values({ slug, truckId: truck.id }).onConflictDoNothing().returning();
    if (taken) return slug;
  }
}

export function createReviewService(app: FastifyInstance, trucksService: TrucksService) {
  const { db } = app.database;

  function notifyOwner(truck: TruckRow, command: ReviewCommand): void {
    void (async () => {
      const [owner] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, truck.ownerId));
      if (!owner) return;
      await app.mail.send(reviewDecisionMail(owner.email, owner.language, truck, command, app.config.publicUrl));
    })().catch((error: unknown) => app.log.error({ err: error }, 'could not send the review decision mail'));
  }

  return {
    async decide({ truck, relation }: TruckAccess, command: ReviewCommand, caller: Caller): Promise<Truck> {
      if (relation !== 'admin') throw new DomainError('forbidden', 403);
      const next = reviewTransition(truck.status, command.action);
      const refused = () => new DomainError('illegal_transition', 409, { status: truck.status, action: command.action });
      if (!next.ok) throw refused();
      if (command.action === 'approve') {
        // The papers may have expired while the application waited in the queue.
        const current = await trucksService.view(truck, relation);
        const problems = submissionProblems({ basics: basicsOf(truck), location: locationOf(truck), documents: current.documents }, current.today);
        if (problems.length > 0) throw incompleteApplication(problems);
      }
      const reason = 'reason' in command ? command.reason : null;
      const now = new Date();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(trucks)
          .set({ status: next.status, reviewNotes: reason, updatedAt: now })
          .where(and(eq(trucks.id, truck.id), eq(trucks.status, truck.status)))
          .returning();
        // Another admin decided first.
        if (!updated) throw refused();
        await tx
          .insert(truckReviewEvents)
          .values({ truckId: truck.id, action: command.action, fromStatus: truck.status, toStatus: next.status, reason, actorId: caller.userId, at: now });
        if (command.action !== 'approve') return updated;
        await tx.update(truckDocuments).set({ reviewState: 'accepted' }).where(eq(truckDocuments.truckId, truck.id));
        await tx
          .update(users)
          .set({ roles: sql`array_append(array_remove(${users.roles}, 'Applicant'), 'Vendor')`, updatedAt: now })
          .where(and(eq(users.id, truck.ownerId), sql`NOT ('Vendor' = ANY(${users.roles}))`));
        if (updated.slug) return updated;
        const [named] = await tx.update(trucks).set({ slug: await assignSlug(tx, updated) }).where(eq(trucks.id, truck.id)).returning();
        return named!;
      });
      notifyOwner(row, command);
      return trucksService.view(row, relation);
    },

    /** Keyset pages: the queue oldest first (first come, first served), other lists newest first. Drafts stay private. */
    async list(query: AdminTruckQuery): Promise<AdminTruckPage> {
      const oldestFirst = query.status === 'submitted';
      const filters: (SQL | undefined)[] = [query.status === 'all' ? ne(trucks.status, 'draft') : eq(trucks.status, query.status)];
      if (query.cursor) {
        const [at, id] = decodeCursor(query.cursor);
        const after = oldestFirst ? gt : lt;
        filters.push(or(after(trucks.createdAt, sql`${at}::timestamptz`), and(eq(trucks.createdAt, sql`${at}::timestamptz`), after(trucks.id, id))));
      }
      const order = oldestFirst ? asc : desc;
      const rows = await db
        .select({
          id: trucks.id,
          status: trucks.status,
          nameEn: trucks.nameEn,
          nameAr: trucks.nameAr,
          baseCity: trucks.baseCity,
          ownerEmail: users.email,
          ownerName: users.fullName,
          createdAt: trucks.createdAt,
          // Microseconds kept: a Date would round them away and the next page could skip a row.
          cursorAt: sql<string>`${trucks.createdAt}::text`,
          submittedAt: trucks.submittedAt,
        })
        .from(trucks)
        .innerJoin(users, eq(users.id, trucks.ownerId))
        .where(and(...filters))
        .orderBy(order(trucks.createdAt), order(trucks.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ cursorAt: _cursorAt, createdAt, submittedAt, ...row }) => ({
          ...row,
          createdAt: createdAt.toISOString(),
          submittedAt: submittedAt?.toISOString() ?? null,
        })),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
      };
    },
  };
}
