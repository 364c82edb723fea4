/** Rows to the contracts of src/domain/trucks/index.ts: what the API answers about a truck. */
import {
  documentState,
  localToday,
  submissionProblems,
  tradingBlocks,
  type ReviewEvent,
  type Truck,
  type TruckBasics,
  type TruckDocument,
  type TruckLocation,
  type TruckRelation,
} from '@domain/trucks';
import type { Upload } from '@domain/uploads';
import type { truckDocuments, truckReviewEvents, truckUploads } from '../../db/tables/trucks';
import type { TruckRow } from '../../platform/truck-access';
import { toUpload } from '../../platform/uploads';

type DocumentRow = typeof truckDocuments.$inferSelect;
type EventRow = typeof truckReviewEvents.$inferSelect;
type UploadRow = typeof truckUploads.$inferSelect;

export interface TruckParts {
  truck: TruckRow;
  relation: TruckRelation;
  owner: { id: string; email: string; fullName: string | null };
  documents: DocumentRow[];
  uploads: UploadRow[];
  events: EventRow[];
  now: Date;
}

export function basicsOf(truck: TruckRow): TruckBasics {
  return {
    nameEn: truck.nameEn,
    nameAr: truck.nameAr,
    descriptionEn: truck.descriptionEn,
    descriptionAr: truck.descriptionAr,
    cuisines: truck.cuisines as TruckBasics['cuisines'],
    logoId: truck.logoId,
    photoIds: truck.photoIds,
  };
}

export function locationOf(truck: TruckRow): TruckLocation {
  return {
    baseCity: truck.baseCity,
    address: truck.address,
    location: truck.lat === null || truck.lng === null ? null : { lat: truck.lat, lng: truck.lng },
    phone: truck.phone,
    email: truck.email,
    currency: truck.currency as TruckLocation['currency'],
    timeZone: truck.timeZone,
    vehicleLengthM: truck.vehicleLengthM,
    powerSource: truck.powerSource,
    licensePlate: truck.licensePlate,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toReviewEvent(row: EventRow): ReviewEvent {
  return { id: row.id, action: row.action, from: row.fromStatus, to: row.toStatus, reason: row.reason, at: row.at.toISOString() };
}

export function toTruck({ truck, relation, owner, documents, uploads, events, now }: TruckParts): Truck {
  const today = localToday(truck.timeZone, now);
  const files = new Map<string, Upload>(uploads.map((row) => [row.id, toUpload(row)]));
  const basics = basicsOf(truck);
  const location = locationOf(truck);
  const docs: TruckDocument[] = documents.flatMap((doc) => {
    const file = files.get(doc.fileId);
    if (!file) return [];
    const { state, daysLeft } = documentState(doc.expiryDate, today);
    const { type, number, issuer, issueDate, expiryDate, fileId, reviewState } = doc;
    return [{ type, number, issuer, issueDate, expiryDate, fileId, file, reviewState, state, daysLeft }];
  });
  return {
    id: truck.id,
    status: truck.status,
    slug: truck.slug,
    relation,
    basics,
    location,
    logo: (truck.logoId && files.get(truck.logoId)) || null,
    photos: truck.photoIds.flatMap((id) => files.get(id) ?? []),
    documents: docs,
    reviewNotes: truck.reviewNotes,
    today,
    problems: submissionProblems({ basics, location, documents: docs }, today),
    tradingBlocks: tradingBlocks({ status: truck.status, documents: docs }, today),
    history: events.map(toReviewEvent),
    owner,
    submittedAt: iso(truck.submittedAt),
    createdAt: truck.createdAt.toISOString(),
    updatedAt: truck.updatedAt.toISOString(),
  };
}
