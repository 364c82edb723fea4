/**
 * The vendor's side of a truck: the registration draft saved step by step (so it resumes on any
 * device), documents with their expiry, the list behind the truck switcher, and submission.
 */
import { rm } from 'node:fs/promises';
import { DomainError } from '@domain/errors';
import {
  documentAlerts,
  documentsEditable,
  isEditable,
  localToday,
  mayTrade,
  missingFields,
  REQUIRED_BASICS,
  REQUIRED_LOCATION,
  reviewTransition,
  submissionProblems,
  type DocumentType,
  type SubmissionProblem,
  type Truck,
  type TruckBasics,
  type TruckDocumentInput,
  type TruckLocation,
  type TruckSummary,
} from '@domain/trucks';
import { uploadUrl, type UploadPurpose } from '@domain/uploads';
import { and, asc, eq, inArray, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { truckDocuments, truckMembers, truckReviewEvents, truckUploads, trucks } from '../../db/tables/trucks';
import type { Caller } from '../../platform/auth';
import type { TruckAccess, TruckRow } from '../../platform/truck-access';
import { truckFilePath } from '../../platform/uploads';
import { basicsOf, locationOf, toTruck } from './trucks.view';

/** Files uploaded but never used are removed after this long (not sooner: the form may be about to use them). */
const UNUSED_FILE_GRACE = sql`interval '1 hour'`;
const PRUNED_PURPOSES: UploadPurpose[] = ['logo', 'photo', 'document'];

const truckLocked = (truck: TruckRow) => new DomainError('truck_locked', 409, { status: truck.status });

/** 422 naming the most pressing problem (an expired document, then a missing one), every problem as a field. */
export function incompleteApplication(problems: SubmissionProblem[]): DomainError {
  const code = ['document_expired', 'document_missing'].find((c) => problems.some((p) => p.code === c)) ?? 'application_incomplete';
  return new DomainError(code, 422, undefined, problems);
}

export function createTrucksService(app: FastifyInstance) {
  const { db } = app.database;

  async function view(truck: TruckRow, relation: TruckAccess['relation']): Promise<Truck> {
    const [owner, documents, uploads, events] = await Promise.all([
      db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, truck.ownerId)),
      db.select().from(truckDocuments).where(eq(truckDocuments.truckId, truck.id)).orderBy(asc(truckDocuments.type)),
      db.select().from(truckUploads).where(eq(truckUploads.truckId, truck.id)),
      db.select().from(truckReviewEvents).where(eq(truckReviewEvents.truckId, truck.id)).orderBy(asc(truckReviewEvents.at)),
    ]);
    return toTruck({ truck, relation, owner: owner[0]!, documents, uploads, events, now: new Date() });
  }

  function assertEditable(truck: TruckRow): void {
    if (!isEditable(truck.status)) throw truckLocked(truck);
  }

  function assertDocumentsEditable(truck: TruckRow): void {
    if (!documentsEditable(truck.status)) throw truckLocked(truck);
  }

  /** A draft is saved as far as it is filled; once submitted, a save may not blank what the review saw (and the customers see). */
  function assertComplete<T extends object>(truck: TruckRow, input: T, required: readonly (keyof T & string)[]): void {
    if (truck.status === 'draft') return;
    const missing = missingFields(input, required);
    if (missing.length > 0) throw new DomainError('validation_failed', 400, undefined, missing);
  }

  /** Each id must be a file of this truck uploaded for this purpose. */
  async function checkFiles(truckId: string, purpose: UploadPurpose, refs: { path: string; id: string }[]): Promise<void> {
    if (refs.length === 0) return;
    const found = await db
      .select({ id: truckUploads.id })
      .from(truckUploads)
      .where(and(eq(truckUploads.truckId, truckId), eq(truckUploads.purpose, purpose), inArray(truckUploads.id, refs.map((ref) => ref.id))));
    const known = new Set(found.map((row) => row.id));
    const bad = refs.filter((ref) => !known.has(ref.id));
    if (bad.length > 0) throw new DomainError('validation_failed', 400, undefined, bad.map((ref) => ({ path: ref.path, code: 'upload_invalid' })));
  }

  /** Removes files of the truck that nothing refers to any more (replaced logos, photos and documents). */
  async function pruneUnusedFiles(truckId: string): Promise<void> {
    const [truck] = await db.select({ logoId: trucks.logoId, photoIds: trucks.photoIds }).from(trucks).where(eq(trucks.id, truckId));
    if (!truck) return;
    const documentFiles = await db.select({ id: truckDocuments.fileId }).from(truckDocuments).where(eq(truckDocuments.truckId, truckId));
    const used = [truck.logoId, ...truck.photoIds, ...documentFiles.map((row) => row.id)].filter((id): id is string => id !== null);
    const removed = await db
      .delete(truckUploads)
      .where(
        and(
          eq(truckUploads.truckId, truckId),
          inArray(truckUploads.purpose, PRUNED_PURPOSES),
          lt(truckUploads.createdAt, sql`now() - ${UNUSED_FILE_GRACE}`),
          used.length > 0 ? notInArray(truckUploads.id, used) : undefined,
        ),
      )
      .returning();
    await Promise.all(removed.map((row) => rm(truckFilePath(app.config.uploadsDir, row.truckId, row.id, row.mime), { force: true })));
  }

  async function update(truck: TruckRow, values: Partial<typeof trucks.$inferInsert>): Promise<TruckRow> {
    // Only while still editable: a submission racing this save wins, and the save is refused.
    const [row] = await db
      .update(trucks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(trucks.id, truck.id), eq(trucks.status, truck.status)))
      .returning();
    if (!row) throw truckLocked(truck);
    return row;
  }

  return {
    view,

    /** The caller's trucks (owned, then staffed) for the switcher, with document alerts and unseen decisions. */
    async listMine(caller: Caller): Promise<TruckSummary[]> {
      const owned = await db.select().from(trucks).where(eq(trucks.ownerId, caller.userId)).orderBy(asc(trucks.createdAt));
      const staffed = await db
        .select({ truck: trucks })
        .from(truckMembers)
        .innerJoin(trucks, eq(trucks.id, truckMembers.truckId))
        .where(and(eq(truckMembers.userId, caller.userId), ne(trucks.ownerId, caller.userId)))
        .orderBy(asc(trucks.createdAt));
      const all = [...owned.map((truck) => ({ truck, relation: 'owner' as const })), ...staffed.map(({ truck }) => ({ truck, relation: 'staff' as const }))];
      if (all.length === 0) return [];
      const ids = all.map(({ truck }) => truck.id);
      const [documents, notices] = await Promise.all([
        db.select().from(truckDocuments).where(inArray(truckDocuments.truckId, ids)),
        owned.length === 0
          ? []
          : db
              .select()
              .from(truckReviewEvents)
              .where(
                and(
                  inArray(truckReviewEvents.truckId, owned.map((truck) => truck.id)),
                  isNull(truckReviewEvents.seenAt),
                  ne(truckReviewEvents.action, 'submit'),
                ),
              )
              .orderBy(asc(truckReviewEvents.at)),
      ]);
      const now = new Date();
      return all.map(({ truck, relation }) => {
        const today = localToday(truck.timeZone, now);
        const docs = documents.filter((doc) => doc.truckId === truck.id);
        return {
          id: truck.id,
          status: truck.status,
          relation,
          nameEn: truck.nameEn,
          nameAr: truck.nameAr,
          logoUrl: truck.logoId ? uploadUrl(truck.id, truck.logoId) : null,
          alerts: documentAlerts(docs, today),
          notices: notices
            .filter((event) => event.truckId === truck.id)
            .map((event) => ({ id: event.id, action: event.action, reason: event.reason, at: event.at.toISOString() })),
          mayTrade: mayTrade({ status: truck.status, documents: docs }, today),
          publicSlug: truck.status === 'approved' ? truck.slug : null,
        };
      });
    },

    /** A new application. One open draft at a time: the wizard resumes it instead of starting another. */
    async create(caller: Caller): Promise<Truck> {
      const truck = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${caller.userId}, 0))`);
        const [draft] = await tx
          .select({ id: trucks.id })
          .from(trucks)
          .where(and(eq(trucks.ownerId, caller.userId), eq(trucks.status, 'draft')));
        if (draft) throw new DomainError('draft_exists', 409, { truckId: draft.id });
        const [row] = await tx.insert(trucks).values({ ownerId: caller.userId }).returning();
        return row!;
      });
      return view(truck, 'owner');
    },

    async saveBasics({ truck, relation }: TruckAccess, input: TruckBasics): Promise<Truck> {
      assertEditable(truck);
      assertComplete(truck, input, REQUIRED_BASICS);
      if (new Set(input.photoIds).size !== input.photoIds.length) {
        throw new DomainError('validation_failed', 400, undefined, [{ path: 'photoIds', code: 'duplicate_photo' }]);
      }
      await checkFiles(truck.id, 'logo', input.logoId ? [{ path: 'logoId', id: input.logoId }] : []);
      await checkFiles(truck.id, 'photo', input.photoIds.map((id, index) => ({ path: `photoIds.${index}`, id })));
      const row = await update(truck, input);
      await pruneUnusedFiles(truck.id);
      return view(row, relation);
    },

    async saveLocation({ truck, relation }: TruckAccess, input: TruckLocation): Promise<Truck> {
      assertEditable(truck);
      assertComplete(truck, input, REQUIRED_LOCATION);
      const { location, ...rest } = input;
      const row = await update(truck, { ...rest, lat: location?.lat ?? null, lng: location?.lng ?? null });
      return view(row, relation);
    },

    /** Adds or replaces the truck's document of that type; an expired one is refused outright. */
    async saveDocument({ truck, relation }: TruckAccess, input: TruckDocumentInput): Promise<Truck> {
      assertDocumentsEditable(truck);
      const today = localToday(truck.timeZone, new Date());
      if (input.expiryDate < today) {
        throw new DomainError('document_expired', 422, { type: input.type }, [{ path: 'expiryDate', code: 'document_expired', params: { type: input.type } }]);
      }
      if (input.issueDate > today) throw new DomainError('validation_failed', 400, undefined, [{ path: 'issueDate', code: 'issue_date_future' }]);
      await checkFiles(truck.id, 'document', [{ path: 'fileId', id: input.fileId }]);
      const values = { ...input, truckId: truck.id, reviewState: 'pending' as const, updatedAt: new Date() };
      const row = await db.transaction(async (tx) => {
        const [touched] = await tx
          .update(trucks)
          .set({ updatedAt: new Date() })
          .where(and(eq(trucks.id, truck.id), eq(trucks.status, truck.status)))
          .returning();
        if (!touched) throw truckLocked(truck);
        await tx.insert(truckDocuments).values(values).onConflictDoUpdate({ target: [truckDocuments.truckId, truckDocuments.type], set: values });
        return touched;
      });
      await pruneUnusedFiles(truck.id);
      return view(row, relation);
    },

    async deleteDocument({ truck, relation }: TruckAccess, type: DocumentType): Promise<Truck> {
      assertDocumentsEditable(truck);
      const removed = await db
        .delete(truckDocuments)
        .where(and(eq(truckDocuments.truckId, truck.id), eq(truckDocuments.type, type)))
        .returning({ type: truckDocuments.type });
      if (removed.length === 0) throw new DomainError('not_found', 404);
      await pruneUnusedFiles(truck.id);
      return view(truck, relation);
    },

    /** draft | changes_requested → submitted, once nothing is missing and no document has expired. */
    async submit({ truck, relation }: TruckAccess, caller: Caller): Promise<Truck> {
      const next = reviewTransition(truck.status, 'submit');
      if (!next.ok) throw new DomainError('illegal_transition', 409, { status: truck.status, action: 'submit' });
      const current = await view(truck, relation);
      const problems = submissionProblems({ basics: basicsOf(truck), location: locationOf(truck), documents: current.documents }, current.today);
      if (problems.length > 0) throw incompleteApplication(problems);
      const now = new Date();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(trucks)
          .set({ status: next.status, submittedAt: now, reviewNotes: null, updatedAt: now })
          .where(and(eq(trucks.id, truck.id), eq(trucks.status, truck.status)))
          .returning();
        if (!updated) throw new DomainError('illegal_transition', 409, { status: truck.status, action: 'submit' });
        await tx.insert(truckReviewEvents).values({ truckId: truck.id, action: 'submit', fromStatus: truck.status, toStatus: next.status, actorId: caller.userId, at: now });
        return updated;
      });
      return view(row, relation);
    },

    async markNoticesSeen({ truck }: TruckAccess, ids: string[]): Promise<void> {
      await db
        .update(truckReviewEvents)
        .set({ seenAt: new Date() })
        .where(and(eq(truckReviewEvents.truckId, truck.id), inArray(truckReviewEvents.id, ids), isNull(truckReviewEvents.seenAt)));
    },
  };
}

export type TrucksService = ReturnType<typeof createTrucksService>;
