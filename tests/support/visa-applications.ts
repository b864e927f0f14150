import { expect } from 'vitest';
import type { TestClient } from './api';
import { fileForm, JPEG_MIN, PDF_MIN, PNG_1x1 } from './upload-fixtures';

export const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** A published visa made by admin; its price is what every traveller pays. */
export async function newVisa(admin: TestClient, over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/visas', {
    country_code: 'ae', title: 'UAE Tourist Visa', title_ar: 'تأشيرة الإمارات السياحية', visa_type: 'tourist', price: '15000.00',
    processing_days: 4, validity_days: 58, stay_days: 30, entry: 'single', description: '<p>30 days</p>', requirements: '<p>Passport</p>', is_published: true, ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; title: string };
}

/** An applicant's own upload (purpose document), by content. */
export async function uploadDoc(client: TestClient, bytes: Uint8Array = PNG_1x1, name = 'scan.png') {
  const res = await client.post('/api/uploads', fileForm(bytes, name, 'application/octet-stream', { purpose: 'document' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.file_name as string;
}

/** Two documents per traveller: a PDF passport scan and a JPEG photo. */
export async function docsFor(client: TestClient) {
  return { passport: await uploadDoc(client, PDF_MIN, 'passport.pdf'), photo: await uploadDoc(client, JPEG_MIN, 'photo.jpg') };
}

export function traveller(documents: { passport: string; photo: string }, over: Record<string, unknown> = {}) {
  return { title: 'Mr', first_name: 'Ali', last_name: 'Khan', dob: '1990-04-12', nationality: 'pk', passport_no: 'ab1234567', passport_expiry: '2034-01-31', documents, ...over };
}

export function applicationBody(visaId: number, travelDate: string, travellers: unknown[], over: Record<string, unknown> = {}) {
  return { visa_id: visaId, travel_date: travelDate, contact: { email: 'Applicant@Example.com', phone: '+92 300 1234567', country: 'pk' }, travellers, payment_method: 'card', ...over };
}

let n = 0;
export const idemKey = () => `visa-${Date.now()}-${n++}-${Math.random().toString(36).slice(2, 8)}`;

/** Submits the sandbox's hosted page with the success or the declining test card. */
export const sandbox = (client: TestClient, url: string, how: 'decline' | 'pay') => client.request('POST', new URL(url).pathname, new URLSearchParams({
  card: how === 'pay' ? '4242 4242 4242 4242' : '4000 0000 0000 0002', action: 'pay', lang: 'en',
}).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
export const trackerOf = (url: string) => new URL(url).pathname.split('/').pop()!;
