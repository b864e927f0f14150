/**
 * Visa applications: what an applicant sends (the visa, the travel date, a contact and each traveller with the
 * uploaded passport scan and photo), the statuses the back office moves it through, and the application as the
 * API answers it. Shared by the application screens, the back office and the server.
 */
import * as v from 'valibot';
import { M } from './fields';
import { TITLES } from './travellers';
import { BM, ContactInput } from './bookings';
import type { Money } from './money';

export const VISA_APPLICATION_STATUSES = ['pending_payment', 'submitted', 'in_review', 'approved', 'rejected'] as const;
export type VisaApplicationStatus = (typeof VISA_APPLICATION_STATUSES)[number];

/** Moves staff make, from → to; anything else is a 409 (paying is the payment's move, not staff's). */
export const VISA_STAFF_MOVES: Record<VisaApplicationStatus, readonly VisaApplicationStatus[]> = {
  pending_payment: [],
  submitted: ['in_review'],
  in_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};
export const VISA_DECISIONS = ['in_review', 'approved', 'rejected'] as const;

export const VISA_PAYMENT_METHODS = ['card', 'wallet'] as const;
/** The documents every traveller uploads; the photo must be an image, the passport scan an image or a PDF. */
export const VISA_DOCUMENT_KINDS = ['passport', 'photo'] as const;
export type VisaDocumentKind = (typeof VISA_DOCUMENT_KINDS)[number];

export const VAM = {
  visa: 'Choose a visa.',
  travelDate: 'Enter the travel date as YYYY-MM-DD.',
  travelPast: 'The travel date must be in the future.',
  travellers: 'Add the travellers.',
  document: 'Upload this document.',
  passportNo: 'Use letters and digits only (5 to 20).',
  paymentMethod: 'Choose card or wallet.',
  walletAgentsOnly: 'Only approved agents can pay from the wallet.',
  staffApply: 'Staff cannot apply for visas for themselves.',
  notFound: 'Visa application not found.',
  visaNotFound: 'This visa is not offered any more.',
  reason: 'Give a reason for the rejection.',
  status: 'Choose in review, approved or rejected.',
  illegalMove: 'This application cannot move to that status now.',
  paidAlready: 'This application is already paid.',
  notPayable: 'This application is no longer waiting for payment.',
  idempotencyReuse: 'This Idempotency-Key was used for another application.',
  idempotencyFormat: 'The Idempotency-Key must be 8 to 100 letters, digits or -_.:',
  created: 'Visa application created.',
  submitted: 'Visa application submitted.',
  moved: 'Visa application updated.',
  lookup: 'Enter the application reference and email.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) => v.pipe(v.string(message), v.trim(), v.regex(DAY, message));
const name = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(60, 'At most 60 characters.'), v.regex(/^[\p{L} '.-]+$/u, 'Use letters only.'));
const fileName = v.pipe(v.string(VAM.document), v.trim(), v.nonEmpty(VAM.document), v.maxLength(60, VAM.document));

export const VisaTravellerInput = v.object({
  title: v.picklist(TITLES, M.title),
  first_name: name(M.firstName),
  last_name: name(M.lastName),
  dob: day(M.dob),
  nationality: v.pipe(v.string(M.country), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, M.country)),
  passport_no: v.pipe(v.string(M.documentNo), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,20}$/, VAM.passportNo)),
  passport_expiry: day(M.expiry),
  documents: v.object({ passport: fileName, photo: fileName }, VAM.document),
});
export type VisaTravellerInput = v.InferOutput<typeof VisaTravellerInput>;

export const VisaApplicationInput = v.object({
  visa_id: v.pipe(v.union([v.number(), v.string()], VAM.visa), v.transform(Number), v.integer(VAM.visa), v.minValue(1, VAM.visa)),
  travel_date: day(VAM.travelDate),
  contact: ContactInput,
  travellers: v.pipe(v.array(VisaTravellerInput, VAM.travellers), v.minLength(1, VAM.travellers), v.maxLength(9, VAM.travellers)),
  payment_method: v.picklist(VISA_PAYMENT_METHODS, VAM.paymentMethod),
  locale: v.optional(v.picklist(['en', 'ar'])),
});
export type VisaApplicationInput = v.InferOutput<typeof VisaApplicationInput>;

export const VisaStatusInput = v.object({
  status: v.picklist(VISA_DECISIONS, VAM.status),
  reason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, 'At most 500 characters.')))),
});
export type VisaStatusInput = v.InferOutput<typeof VisaStatusInput>;

/**
 * Rules that need the travel date: born in the past, passport valid on the travel date (the flights' rule and
 * words). Field paths ("travellers.0.passport_expiry") → message.
 */
export function visaTravellerErrors(travellers: readonly Pick<VisaTravellerInput, 'dob' | 'passport_expiry'>[], travelDate: string, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  travellers.forEach((t, i) => {
    if (t.dob >= today) errors[`travellers.${i}.dob`] = BM.dobFuture;
    if (t.passport_expiry < travelDate) errors[`travellers.${i}.passport_expiry`] = BM.expiryBeforeTravel;
  });
  return errors;
}

export interface VisaDocument { kind: VisaDocumentKind; file_name: string; mime: string; original_name: string; url: string }
export interface VisaTraveller extends Omit<VisaTravellerInput, 'documents'> { documents: VisaDocument[] }
export interface VisaApplicationEvent { action: string; from_status: string | null; to_status: string; actor: string; actor_name: string | null; at: string; note: string | null }

export interface VisaApplication {
  id: number;
  reference: string;
  status: VisaApplicationStatus;
  visa: { id: number; title: string; title_ar: string | null; country: string; country_code: string; visa_type: string };
  travel_date: string;
  contact: { email: string; phone: string; country: string };
  travellers: VisaTraveller[];
  traveller_count: number;
  fee: Money;
  unit_price: Money;
  payment: { method: 'card' | 'wallet'; status: 'pending' | 'paid' | 'refunded'; checkout_url?: string };
  rejection_reason: string | null;
  channel: 'customer' | 'agent';
  created_at: string;
  updated_at: string;
  /** Passports valid on the travel date but for less than six months after it (many countries refuse entry). */
  passport_warnings: number[];
  events?: VisaApplicationEvent[];
}

/** A row of the lists (the back office's and My trips'). */
export type VisaApplicationListRow = Omit<VisaApplication, 'travellers' | 'events' | 'contact'> & { applicant: string; contact_email: string };
