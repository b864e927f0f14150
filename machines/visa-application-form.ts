import * as v from 'valibot';
import { VisaApplicationInput, visaTravellerErrors, type VisaApplication, type VisaDocumentKind } from '../contract/visa-applications';
import type { Money } from '../contract/money';
import type { Failure } from './notice';
import { passportAcknowledgementErrors } from './passport-warning';

/** What the applicant is typing, as typed (text fields), plus the documents uploaded so far. */
export interface UploadedDocument { file_name: string; name: string; mime: string }
export interface TravellerForm {
  title: string; first_name: string; last_name: string; dob: string; nationality: string; passport_no: string; passport_expiry: string;
  documents: Record<VisaDocumentKind, UploadedDocument | null>;
}
/**
 * `passports_acknowledged`: the applicant confirmed they checked the entry rules for a passport that runs out within
 * six months of the travel date (passport-warning.ts); it stays on the client.
 */
export interface ApplicationForm { travel_date: string; contact: { email: string; phone: string; country: string }; travellers: TravellerForm[]; passports_acknowledged?: boolean }

export const blankTraveller = (): TravellerForm => ({
  title: '', first_name: '', last_name: '', dob: '', nationality: 'PK', passport_no: '', passport_expiry: '', documents: { passport: null, photo: null },
});

export interface VisaSummary { id: number; title: string; price: Money }
export type PaymentChoice = 'card' | 'wallet';
/** A failure as the flow branches on it: "Insufficient Balance" has a state of its own. */
export interface ApplyFailure extends Failure { code?: 'insufficient_balance' | 'invalid' | 'other' }

export interface ApplicationRequest {
  visa_id: number; travel_date: string; contact: ApplicationForm['contact'];
  travellers: (Omit<TravellerForm, 'documents'> & { documents: Record<VisaDocumentKind, string> })[];
  payment_method: PaymentChoice; idempotencyKey: string;
}

export interface VisaApplicationContext {
  visa: VisaSummary;
  role: string | null;
  /** The applicant's calendar day, YYYY-MM-DD: travel must be after it. */
  today: string;
  form: ApplicationForm;
  uploading: { index: number; kind: VisaDocumentKind; file: File } | null;
  fieldErrors: Record<string, string>;
  failure: ApplyFailure | null;
  method: PaymentChoice;
  idempotencyKey: string;
  application: VisaApplication | null;
}

export type VisaApplicationEvent =
  | { type: 'SET'; path: string; value: string }
  | { type: 'ACKNOWLEDGE_PASSPORTS'; value: boolean }
  | { type: 'ADD_TRAVELLER' }
  | { type: 'REMOVE_TRAVELLER'; index: number }
  | { type: 'UPLOAD'; index: number; kind: VisaDocumentKind; file: File }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM'; method: PaymentChoice; idempotencyKey: string }
  | { type: 'BACK' }
  | { type: 'RETRY' };

export type VisaApplicationEmitted =
  | { type: 'notify'; notice: NonNullable<Failure['notice']> }
  | { type: 'redirect'; url: string }
  | { type: 'navigate'; to: string };

export interface VisaApplicationMachineInput {
  visa: VisaSummary; role: string | null; today: string; email?: string;
  /** A form to start from (what was typed before a reload, or a test's). */
  form?: ApplicationForm;
}

export const MAX_TRAVELLERS = 9;

export function initialApplicationContext(input: VisaApplicationMachineInput): VisaApplicationContext {
  return {
    visa: input.visa, role: input.role, today: input.today,
    form: input.form ?? { travel_date: '', contact: { email: input.email ?? '', phone: '', country: 'PK' }, travellers: [blankTraveller()] },
    uploading: null, fieldErrors: {}, failure: null, method: 'card', idempotencyKey: '', application: null,
  };
}

/** The request the form makes, documents by their stored names ('' when not uploaded yet). */
export function toRequest(c: VisaApplicationContext, method: PaymentChoice, idempotencyKey: string): ApplicationRequest {
  return {
    visa_id: c.visa.id, travel_date: c.form.travel_date.trim(), contact: c.form.contact, payment_method: method, idempotencyKey,
    travellers: c.form.travellers.map((t) => ({ ...t, documents: { passport: t.documents.passport?.file_name ?? '', photo: t.documents.photo?.file_name ?? '' } })),
  };
}

/** The server's own schema and date rules, checked before sending: the same words, first message per field. */
export function applicationFormErrors(c: VisaApplicationContext): Record<string, string> {
  const { idempotencyKey: _k, ...body } = toRequest(c, 'card', '');
  const parsed = v.safeParse(VisaApplicationInput, body);
  const errors: Record<string, string> = {};
  for (const issue of parsed.issues ?? []) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    errors[key] ??= issue.message;
  }
  // The date rules on whatever dates are already well formed, so they show together with the missing fields.
  const travel = body.travel_date;
  if (!DAY.test(travel)) return errors;
  if (travel <= c.today) errors.travel_date ??= 'The travel date must be in the future.';
  const dated = body.travellers.map((t) => ({ dob: DAY.test(t.dob) ? t.dob : '0000-01-01', passport_expiry: DAY.test(t.passport_expiry) ? t.passport_expiry : '9999-12-31' }));
  for (const [key, message] of Object.entries(visaTravellerErrors(dated, travel, c.today))) errors[key] ??= message;
  return { ...errors, ...passportAcknowledgementErrors(body.travellers.map((t) => t.passport_expiry), travel, !!c.form.passports_acknowledged) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A copy of the form with one text field changed; `path` as the server names fields ("travellers.0.dob"). */
export function setField(form: ApplicationForm, path: string, value: string): ApplicationForm {
  const [head, a, b] = path.split('.');
  if (head === 'travel_date') return { ...form, travel_date: value };
  if (head === 'contact' && a in form.contact) return { ...form, contact: { ...form.contact, [a]: value } };
  if (head === 'travellers' && form.travellers[Number(a)] && b && b !== 'documents') {
    return { ...form, travellers: form.travellers.map((t, i) => (i === Number(a) ? { ...t, [b]: value } : t)) };
  }
  return form;
}
