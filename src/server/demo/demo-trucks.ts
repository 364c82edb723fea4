/**
 * The demo vendor's trucks on a fresh embedded database: one approved with every document (the
 * insurance close to expiry, so the warning shows), and one still waiting in the admin's queue.
 * Ids are fixed so other demo data (menu, orders) can point at the approved truck.
 */
import { localToday, type DocumentType, type TruckStatus } from '@domain/trucks';
import type { UploadPurpose } from '@domain/uploads';
import { eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { processUpload, writeTruckFile } from '../platform/uploads';
import type { Db } from '../db/database';
import { demoImage, minimalPdf } from './demo-files';
import { users } from '../db/schema';
import { truckDocuments, truckReviewEvents, truckSlugs, truckUploads, trucks } from '../db/tables/trucks';

export const DEMO_TRUCK_IDS = {
  approved: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f',
  inReview: '8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d',
  /** In Riyadh, registered for VAT: its receipts are simplified tax invoices with ZATCA's QR (demo-invoices.ts). */
  saudi: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
} as const;

interface DemoTruck {
  id: string;
  status: TruckStatus;
  slug: string | null;
  values: Partial<typeof trucks.$inferInsert>;
  colour: string;
  initials: string;
  photos: number;
  /** Document type → days until expiry. */
  documents: Partial<Record<DocumentType, number>>;
}

const DEMO_TRUCKS: DemoTruck[] = [
  {
    id: DEMO_TRUCK_IDS.approved,
    status: 'approved',
    slug: 'saj-station',
    colour: '#2e7d32',
    initials: 'SS',
    photos: 2,
    documents: { commercial_registration: 300, health_permit: 200, vehicle_registration: 400, insurance: 21, commissary_agreement: 150 },
    values: {
      nameEn: 'Saj Station',
      nameAr: 'محطة الصاج',
      descriptionEn: 'Levantine flatbread baked on the saj while you wait: za’atar, cheese and shawarma wraps.',
      descriptionAr: 'خبز الصاج الشامي يُخبز أمامك: زعتر وجبنة ولفائف شاورما.',
      cuisines: ['levantine', 'shawarma', 'breakfast'],
      baseCity: 'Kuwait City',
      address: 'Arabian Gulf Street, Sharq',
      lat: 29.3857,
      lng: 47.9996,
      phone: '+96550001234',
      email: 'hello@sajstation.demo',
      vehicleLengthM: 6.5,
      powerSource: 'generator',
      licensePlate: '12/34567',
    },
  },
  {
    id: DEMO_TRUCK_IDS.inReview,
    status: 'submitted',
    slug: null,
    colour: '#ef6c00',
    initials: 'TR',
    photos: 1,
    documents: { commercial_registration: 360, health_permit: 90 },
    values: {
      nameEn: 'Taco Rueda',
      nameAr: 'تاكو رويدا',
      descriptionEn: 'Street tacos with slow-cooked fillings and fresh salsas.',
      descriptionAr: 'تاكو الشارع بحشوات مطهوة ببطء وصلصات طازجة.',
      cuisines: ['tacos'],
      baseCity: 'Salmiya',
      address: 'Salem Al Mubarak Street',
      lat: 29.3339,
      lng: 48.0763,
      phone: '+96550005678',
      vehicleLengthM: 5,
      powerSource: 'hookup',
    },
  },
  {
    id: DEMO_TRUCK_IDS.saudi,
    status: 'approved',
    slug: 'riyadh-grill',
    colour: '#00695c',
    initials: 'RG',
    photos: 1,
    documents: { commercial_registration: 330, health_permit: 240, vehicle_registration: 365, insurance: 200 },
    values: {
      nameEn: 'Riyadh Grill',
      nameAr: 'مشويات الرياض',
      descriptionEn: 'Charcoal-grilled kebab and chicken, with Saudi VAT invoices on every receipt.',
      descriptionAr: 'كباب ودجاج مشوي على الفحم، وفاتورة ضريبية مع كل طلب.',
      cuisines: ['grills', 'gulf'],
      baseCity: 'Riyadh',
      address: 'Prince Turki Al Awwal Road, Hittin',
      lat: 24.7617,
      lng: 46.6345,
      phone: '+966550001234',
      currency: 'SAR',
      timeZone: 'Asia/Riyadh',
      vehicleLengthM: 6,
      powerSource: 'generator',
      // VAT 15 %, prices with it in them (GCC practice), ZATCA's form of number (15 digits, 3…3).
      taxMode: 'rate',
      taxRateBp: 1500,
      pricesIncludeTax: true,
      deliveryFeeTaxed: true,
      taxCountry: 'SA',
      taxRegistrationNumber: '310122393500003',
    },
  },
];

const DOCUMENT_ISSUERS: Record<DocumentType, string> = {
  commercial_registration: 'Ministry of Commerce and Industry',
  health_permit: 'Kuwait Municipality — Public Health',
  vehicle_registration: 'General Traffic Department',
  insurance: 'Gulf Insurance Group',
  commissary_agreement: 'Central Kitchen Co.',
  other: 'Other',
};

export async function seedDemoTrucks(db: Db, uploadsDir: string, ownerEmail: string): Promise<void> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, ownerEmail));
  const [admin] = await db.select({ id: users.id }).from(users).where(sql`'Admin' = ANY(${users.roles})`);
  if (!owner) return;
  const today = Temporal.PlainDate.from(localToday('Asia/Kuwait', new Date()));

  for (const demo of DEMO_TRUCKS) {
    const [inserted] = await db
      .insert(trucks)
      .values({ ...demo.values, id: demo.id, ownerId: owner.id, status: demo.status, slug: demo.slug, submittedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: trucks.id });
    if (!inserted) continue;
    const store = async (purpose: UploadPurpose, name: string, raw: Buffer) => {
      const file = await processUpload(raw, { name, declaredType: '' }, purpose);
      const [row] = await db
        .insert(truckUploads)
        .values({ truckId: demo.id, purpose, mime: file.mime, bytes: file.data.length, originalName: name, uploadedBy: owner.id })
        .returning({ id: truckUploads.id });
      await writeTruckFile(uploadsDir, demo.id, row!.id, file.mime, file.data);
      return row!.id;
    };
    const logoId = await store('logo', 'logo.png', await demoImage(demo.initials, demo.colour, 'png', 512, 512));
    const photoIds: string[] = [];
    for (let n = 1; n <= demo.photos; n++) photoIds.push(await store('photo', `photo-${n}.jpg`, await demoImage(demo.values.nameEn ?? '', demo.colour, 'jpeg', 1200, 800)));
    await db.update(trucks).set({ logoId, photoIds }).where(eq(trucks.id, demo.id));
    if (demo.slug) await db.insert(truckSlugs).values({ slug: demo.slug, truckId: demo.id }).onConflictDoNothing();

    for (const [type, daysLeft] of Object.entries(demo.documents) as [DocumentType, number][]) {
      const fileId = await store('document', `${type}.pdf`, minimalPdf(`${demo.values.nameEn} - ${type.replaceAll('_', ' ')}`));
      await db.insert(truckDocuments).values({
        truckId: demo.id,
        type,
        number: `${type.slice(0, 2).toUpperCase()}-${demo.initials}-${String(daysLeft).padStart(4, '0')}`,
        issuer: DOCUMENT_ISSUERS[type],
        issueDate: today.subtract({ days: 365 - Math.min(daysLeft, 300) }).toString(),
        expiryDate: today.add({ days: daysLeft }).toString(),
        fileId,
        reviewState: demo.status === 'approved' ? 'accepted' : 'pending',
      });
    }

    await db.insert(truckReviewEvents).values({ truckId: demo.id, action: 'submit', fromStatus: 'draft', toStatus: 'submitted', actorId: owner.id });
    if (demo.status === 'approved') {
      // Seen already: the demo should not greet the vendor with an old approval.
      await db
        .insert(truckReviewEvents)
        .values({ truckId: demo.id, action: 'approve', fromStatus: 'submitted', toStatus: 'approved', actorId: admin?.id ?? null, seenAt: new Date() });
    }
  }
}
