/**
 * Trucks (docs/product.md §2.2): the registration contracts the wizard and the server share, the
 * application's review flow, document expiry, and the rule that says whether a truck may take
 * orders and bookings today.
 */
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { EmailSchema, PhoneSchema } from '../accounts';
import { CurrencySchema } from '../money';
import { ReasonSchema } from '../status-flow';
import { isIanaTimeZone } from '../time-zone';
import { UploadSchema } from '../uploads';
import { CUISINES, DOCUMENT_TYPES, EXPIRY_WARNING_DAYS, MAX_CUISINES, MAX_PHOTOS, POWER_SOURCES, REQUIRED_DOCUMENTS, type DocumentType } from './choices';
import { ADMIN_TRUCK_FILTERS, REVIEW_ACTIONS, TRUCK_STATUSES, type TruckStatus } from './flow';

export * from './choices';
export * from './flow';
/** The reason an admin gives for sending an application back, rejecting or suspending a truck. */
export { ReasonSchema };

export const CuisineSchema = z.enum(CUISINES);

const IsoDateSchema = z.iso.date();
const UuidSchema = z.uuid();
const NameSchema = z.string().trim().max(80);
const DescriptionSchema = z.string().trim().max(1000);


/** Step 1: basics. Names in both languages are required at submission, either is enough for a draft. */
export const TruckBasicsSchema = z.strictObject({
  nameEn: NameSchema.default(''),
  nameAr: NameSchema.default(''),
  descriptionEn: DescriptionSchema.default(''),
  descriptionAr: DescriptionSchema.default(''),
  cuisines: z.array(CuisineSchema).max(MAX_CUISINES).default([]),
  logoId: UuidSchema.nullable().default(null),
  photoIds: z.array(UuidSchema).max(MAX_PHOTOS).default([]),
});
export type TruckBasics = z.infer<typeof TruckBasicsSchema>;

/** Step 2: one document. Dates are calendar dates; expiry is compared in the truck's time zone. */
export const TruckDocumentInputSchema = z
  .strictObject({
    type: z.enum(DOCUMENT_TYPES),
    number: z.string().trim().min(1).max(60),
    issuer: z.string().trim().min(1).max(120),
    issueDate: IsoDateSchema,
    expiryDate: IsoDateSchema,
    fileId: UuidSchema,
  })
  .refine((doc) => doc.issueDate <= doc.expiryDate, { path: ['expiryDate'], params: { code: 'expiry_before_issue' } });
export type TruckDocumentInput = z.infer<typeof TruckDocumentInputSchema>;

/** An IANA zone, by the same check and code as hours' TimeZoneSchema. */
export const TruckTimeZoneSchema = z.string().refine(isIanaTimeZone, { params: { code: 'invalid_time_zone' } });

export const LatLngSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** Step 3: location, contact and the vehicle. */
export const TruckLocationSchema = z.strictObject({
  baseCity: z.string().trim().max(80).default(''),
  address: z.string().trim().max(300).default(''),
  location: LatLngSchema.nullable().default(null),
  phone: PhoneSchema.nullable().default(null),
  email: EmailSchema.nullable().default(null),
  currency: CurrencySchema.default('KWD'),
  timeZone: TruckTimeZoneSchema.default('Asia/Kuwait'),
  vehicleLengthM: z.number().min(2).max(20).nullable().default(null),
  powerSource: z.enum(POWER_SOURCES).nullable().default(null),
  licensePlate: z.string().trim().max(20).default(''),
});
export type TruckLocation = z.infer<typeof TruckLocationSchema>;

// ---- The application's review flow (its statuses and moves are ./flow.ts) -----------------------

export const ReviewCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve') }),
  z.strictObject({ action: z.literal('request_changes'), reason: ReasonSchema }),
  z.strictObject({ action: z.literal('reject'), reason: ReasonSchema }),
  z.strictObject({ action: z.literal('suspend'), reason: ReasonSchema }),
  z.strictObject({ action: z.literal('reinstate') }),
]);
export type ReviewCommand = z.infer<typeof ReviewCommandSchema>;

// ---- Documents and the right to trade ----------------------------------------------------------

export type DocumentState = 'valid' | 'expiring' | 'expired';

export interface DocumentFacts {
  type: DocumentType;
  expiryDate: string;
}

export { localToday } from '../time-zone';

/** A document is valid through its expiry date and expired the day after. */
export function documentState(expiryDate: string, today: string): { state: DocumentState; daysLeft: number } {
  const daysLeft = Temporal.PlainDate.from(today).until(Temporal.PlainDate.from(expiryDate), { largestUnit: 'days' }).days;
  if (daysLeft < 0) return { state: 'expired', daysLeft };
  return { state: daysLeft <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid', daysLeft };
}

export type TradingBlock =
  | { code: 'truck_not_approved'; status: TruckStatus }
  | { code: 'document_missing'; type: DocumentType }
  | { code: 'document_expired'; type: DocumentType; expiryDate: string };

/**
 * "May this truck take orders and bookings today?" — used by order intake, booking intake and the
 * screens. Every required document needs at least one copy that has not expired.
 */
export function tradingBlocks(truck: { status: TruckStatus; documents: readonly DocumentFacts[] }, today: string): TradingBlock[] {
  const blocks: TradingBlock[] = [];
  if (truck.status !== 'approved') blocks.push({ code: 'truck_not_approved', status: truck.status });
  for (const type of REQUIRED_DOCUMENTS) {
    const copies = truck.documents.filter((doc) => doc.type === type);
    if (copies.length === 0) {
      blocks.push({ code: 'document_missing', type });
      continue;
    }
    const latest = copies.reduce((a, b) => (a.expiryDate >= b.expiryDate ? a : b));
    if (documentState(latest.expiryDate, today).state === 'expired') blocks.push({ code: 'document_expired', type, expiryDate: latest.expiryDate });
  }
  return blocks;
}

export function mayTrade(truck: { status: TruckStatus; documents: readonly DocumentFacts[] }, today: string): boolean {
  return tradingBlocks(truck, today).length === 0;
}

/** What submission needs beyond each step's own shape: both names, a cuisine, the contact, valid required documents. */
export type SubmissionProblem = { path: string; code: string; params?: Record<string, unknown> };

/** The fields each step's form requires; submission needs them all, and a truck past its draft keeps them. */
export const REQUIRED_BASICS = ['nameEn', 'nameAr', 'cuisines'] as const satisfies readonly (keyof TruckBasics)[];
export const REQUIRED_LOCATION = ['baseCity', 'address', 'location', 'phone', 'vehicleLengthM', 'powerSource'] as const satisfies readonly (keyof TruckLocation)[];

export function missingFields<T extends object>(values: T, required: readonly (keyof T & string)[], prefix = ''): SubmissionProblem[] {
  return required
    .filter((key) => {
      const present: unknown = values[key];
      return present === null || present === undefined || present === '' || (Array.isArray(present) && present.length === 0);
    })
    .map((key) => ({ path: `${prefix}${key}`, code: 'required' }));
}

export function submissionProblems(
  truck: { basics: TruckBasics; location: TruckLocation; documents: readonly DocumentFacts[] },
  today: string,
): SubmissionProblem[] {
  const problems: SubmissionProblem[] = [...missingFields(truck.basics, REQUIRED_BASICS, 'basics.'), ...missingFields(truck.location, REQUIRED_LOCATION, 'location.')];
  for (const type of REQUIRED_DOCUMENTS) {
    if (!truck.documents.some((doc) => doc.type === type)) problems.push({ path: `documents.${type}`, code: 'document_missing', params: { type } });
  }
  // Any expired document blocks submission, required or not: replace it or remove it first.
  for (const doc of truck.documents) {
    if (documentState(doc.expiryDate, today).state === 'expired') problems.push({ path: `documents.${doc.type}`, code: 'document_expired', params: { type: doc.type } });
  }
  return problems;
}

// ---- API replies ---------------------------------------------------------------------------------

export const TRUCK_RELATIONS = ['owner', 'staff', 'admin'] as const;
export type TruckRelation = (typeof TRUCK_RELATIONS)[number];

/** A document's own review: accepted when its truck is approved, pending again once replaced. */
export const DOCUMENT_REVIEW_STATES = ['pending', 'accepted'] as const;

const TimestampSchema = z.iso.datetime({ offset: true });

export const TruckDocumentSchema = z.object({
  ...TruckDocumentInputSchema.shape,
  file: UploadSchema,
  reviewState: z.enum(DOCUMENT_REVIEW_STATES),
  state: z.enum(['valid', 'expiring', 'expired']),
  daysLeft: z.int(),
});
export type TruckDocument = z.infer<typeof TruckDocumentSchema>;

export const ReviewEventSchema = z.object({
  id: UuidSchema,
  action: z.enum(REVIEW_ACTIONS),
  from: z.enum(TRUCK_STATUSES),
  to: z.enum(TRUCK_STATUSES),
  reason: z.string().nullable(),
  at: TimestampSchema,
});
export type ReviewEvent = z.infer<typeof ReviewEventSchema>;

/** As stored: replies carry no input transforms (the phone's clean-up), which cannot run backwards. */
const TruckLocationViewSchema = z.object({ ...TruckLocationSchema.shape, phone: z.string().nullable(), email: z.string().nullable() });

export const TruckSchema = z.object({
  id: UuidSchema,
  status: z.enum(TRUCK_STATUSES),
  slug: z.string().nullable(),
  /** How the caller reaches this truck. */
  relation: z.enum(TRUCK_RELATIONS),
  basics: TruckBasicsSchema,
  location: TruckLocationViewSchema,
  logo: UploadSchema.nullable(),
  photos: z.array(UploadSchema),
  documents: z.array(TruckDocumentSchema),
  /** The reason given with the latest request for changes, rejection or suspension. */
  reviewNotes: z.string().nullable(),
  /** The truck's local date, against which expiry and submission are judged. */
  today: IsoDateSchema,
  /** What still stands between the application and submission (empty: it can be submitted). */
  problems: z.array(z.object({ path: z.string(), code: z.string(), params: z.record(z.string(), z.unknown()).optional() })),
  /** Why the truck may not take orders and bookings today (empty: it may). */
  tradingBlocks: z.array(z.object({ code: z.string(), type: z.enum(DOCUMENT_TYPES).optional(), status: z.enum(TRUCK_STATUSES).optional(), expiryDate: IsoDateSchema.optional() })),
  history: z.array(ReviewEventSchema),
  owner: z.object({ id: UuidSchema, email: z.string(), fullName: z.string().nullable() }),
  submittedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Truck = z.infer<typeof TruckSchema>;

export const DocumentAlertSchema = z.object({
  type: z.enum(DOCUMENT_TYPES),
  state: z.enum(['expiring', 'expired']),
  expiryDate: IsoDateSchema,
  daysLeft: z.int(),
});
export type DocumentAlert = z.infer<typeof DocumentAlertSchema>;

/** A review decision the owner has not seen yet: shown once as a toast on their next visit. */
export const ReviewNoticeSchema = ReviewEventSchema.pick({ id: true, action: true, reason: true, at: true });
export type ReviewNotice = z.infer<typeof ReviewNoticeSchema>;

export const TruckSummarySchema = z.object({
  id: UuidSchema,
  status: z.enum(TRUCK_STATUSES),
  relation: z.enum(['owner', 'staff']),
  nameEn: z.string(),
  nameAr: z.string(),
  logoUrl: z.string().nullable(),
  alerts: z.array(DocumentAlertSchema),
  notices: z.array(ReviewNoticeSchema),
  mayTrade: z.boolean(),
  /** The slug of the truck's public page (/t/{slug}) once it is approved; null before. */
  publicSlug: z.string().nullable(),
});
export type TruckSummary = z.infer<typeof TruckSummarySchema>;

export const NoticesSeenSchema = z.strictObject({ ids: z.array(UuidSchema).min(1).max(50) });


export const AdminTruckQuerySchema = z.strictObject({
  status: z.enum(ADMIN_TRUCK_FILTERS).default('submitted'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminTruckQuery = z.infer<typeof AdminTruckQuerySchema>;

export const AdminTruckRowSchema = z.object({
  id: UuidSchema,
  status: z.enum(TRUCK_STATUSES),
  nameEn: z.string(),
  nameAr: z.string(),
  baseCity: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string().nullable(),
  createdAt: TimestampSchema,
  submittedAt: TimestampSchema.nullable(),
});
export type AdminTruckRow = z.infer<typeof AdminTruckRowSchema>;

export const AdminTruckPageSchema = z.object({ items: z.array(AdminTruckRowSchema), nextCursor: z.string().nullable() });
export type AdminTruckPage = z.infer<typeof AdminTruckPageSchema>;

/** Documents within 30 days of expiry or past it: the warnings of /truck-info and /home. */
export function documentAlerts(documents: readonly DocumentFacts[], today: string): DocumentAlert[] {
  return documents.flatMap((doc) => {
    const { state, daysLeft } = documentState(doc.expiryDate, today);
    return state === 'valid' ? [] : [{ type: doc.type, state, expiryDate: doc.expiryDate, daysLeft }];
  });
}
