/** Trucks for API tests: uploads as multipart, drafts, complete applications, and decisions. */
import type { DocumentType, Truck } from '@domain/trucks';
import type { UploadPurpose } from '@domain/uploads';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { demoImage, minimalPdf } from '../server/demo/demo-files';
import { bearer, type SignedUp } from './accounts';

export { demoImage, minimalPdf };

/** A calendar date `days` from today in Asia/Kuwait, the default time zone of a truck. */
export function kuwaitDate(days: number): string {
  return Temporal.Now.plainDateISO('Asia/Kuwait').add({ days }).toString();
}

export function multipart(field: string, fileName: string, contentType: string, content: Buffer) {
  const boundary = '----truckdesk-truck-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadFile(
  app: FastifyInstance,
  user: SignedUp,
  truckId: string,
  purpose: UploadPurpose,
  file: { name: string; type: string; content: Buffer },
  headers: Record<string, string> = {},
) {
  const body = multipart('file', file.name, file.type, file.content);
  return app.inject({
    method: 'POST',
    url: `/api/v1/trucks/${truckId}/uploads?purpose=${purpose}`,
    headers: { ...body.headers, ...bearer(user.token), ...headers },
    payload: body.payload,
  });
}

async function uploaded(app: FastifyInstance, user: SignedUp, truckId: string, purpose: UploadPurpose, file: { name: string; type: string; content: Buffer }) {
  const res = await uploadFile(app, user, truckId, purpose, file);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

export async function createDraft(app: FastifyInstance, user: SignedUp): Promise<Truck> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/trucks', headers: bearer(user.token) });
  if (res.statusCode !== 201) throw new Error(`draft failed: ${res.statusCode} ${res.body}`);
  return res.json() as Truck;
}

export async function call(app: FastifyInstance, user: SignedUp, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export const BASICS = { nameEn: 'Falafel Express', nameAr: 'فلافل إكسبرس', cuisines: ['falafel', 'levantine'], descriptionEn: 'Crisp falafel.', descriptionAr: 'فلافل مقرمشة.' };
export const LOCATION = {
  baseCity: 'Kuwait City',
  address: 'Gulf Road, Sharq',
  location: { lat: 29.38, lng: 47.99 },
  phone: '+96550001234',
  email: 'truck@example.com',
  currency: 'KWD',
  timeZone: 'Asia/Kuwait',
  vehicleLengthM: 6,
  powerSource: 'generator',
};

export async function addDocument(app: FastifyInstance, user: SignedUp, truckId: string, type: DocumentType, expiryDate = kuwaitDate(200)) {
  const fileId = await uploaded(app, user, truckId, 'document', { name: `${type}.pdf`, type: 'application/pdf', content: minimalPdf(type) });
  return call(app, user, 'PUT', `/trucks/${truckId}/documents`, { type, number: 'CR-1001', issuer: 'Ministry of Commerce', issueDate: kuwaitDate(-100), expiryDate, fileId });
}

/** A draft with every step filled: basics with a logo, both required documents, location and contact. */
export async function completeApplication(app: FastifyInstance, user: SignedUp): Promise<Truck> {
  const draft = await createDraft(app, user);
  const logoId = await uploaded(app, user, draft.id, 'logo', { name: 'logo.png', type: 'image/png', content: await demoImage('FE', '#2e7d32', 'png', 300, 300) });
  const basics = await call(app, user, 'PUT', `/trucks/${draft.id}/basics`, { ...BASICS, logoId });
  if (basics.statusCode !== 200) throw new Error(`basics failed: ${basics.body}`);
  for (const type of ['commercial_registration', 'health_permit'] as const) {
    const res = await addDocument(app, user, draft.id, type);
    if (res.statusCode !== 200) throw new Error(`document failed: ${res.body}`);
  }
  const location = await call(app, user, 'PUT', `/trucks/${draft.id}/location`, LOCATION);
  if (location.statusCode !== 200) throw new Error(`location failed: ${location.body}`);
  return location.json() as Truck;
}

export async function submittedTruck(app: FastifyInstance, user: SignedUp): Promise<Truck> {
  const truck = await completeApplication(app, user);
  const res = await call(app, user, 'POST', `/trucks/${truck.id}/submit`);
  if (res.statusCode !== 200) throw new Error(`submit failed: ${res.body}`);
  return res.json() as Truck;
}

export async function decide(app: FastifyInstance, admin: SignedUp, truckId: string, command: { action: string; reason?: string }) {
  return call(app, admin, 'POST', `/trucks/${truckId}/review`, command);
}

export async function approvedTruck(app: FastifyInstance, user: SignedUp, admin: SignedUp): Promise<Truck> {
  const truck = await submittedTruck(app, user);
  const res = await decide(app, admin, truck.id, { action: 'approve' });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.body}`);
  return res.json() as Truck;
}
