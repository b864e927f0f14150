import * as v from 'valibot';
import { ContactInput, PassengerInput, passengerTravelErrors, passportsExpiringSoon } from '../contract/bookings';
import type { FlightOfferDetail, PaxType } from '../contract/flights';
import { parseMinor } from '../contract/money';
import { agreeTitleAndGender } from '../contract/titles';
import { issuesAt, recheck } from './field-errors';
import { PASSPORTS_UNACKNOWLEDGED } from './passport-warning';

export { PASSPORTS_UNACKNOWLEDGED };

/**
 * The flight checkout's passenger form and its rules, held by the booking machine: what is typed (text, as
 * typed), the checks the server makes too (the passenger and contact schemas, age on the travel dates, passport
 * valid on the last one), and the one only the traveller can settle: a passport that runs out within six months
 * of the last flight is allowed, but many countries refuse boarding with it, so the user must say they know.
 * Field paths are the request's ("travellers.0.dob", "main_contact.email"), so the server's 422 messages land on
 * the same fields.
 */

export type PaxField = 'title' | 'first_name' | 'last_name' | 'gender' | 'dob' | 'nationality' | 'document_type' | 'document_no' | 'expiry_date' | 'issue_country';
export type PaxDraft = Record<PaxField, string> & { type: PaxType };
export type ContactField = 'email' | 'phone' | 'country';

export interface PassengerForm {
  travellers: PaxDraft[];
  main_contact: Record<ContactField, string>;
  /** An agent's own markup on this booking, major units as typed ("1500.00"); empty for none. */
  agent_markup: string;
  /** The user read that a passport runs out within six months of the last flight and books anyway. */
  passports_acknowledged: boolean;
}

export const MARKUP_INVALID = 'Enter a markup such as 1500.00.';

/** A passenger as the form starts: no title and no gender assumed; the document a passport, issued and held in Pakistan. */
export const blankPassenger = (type: PaxType): PaxDraft => ({
  type, title: '', first_name: '', last_name: '', gender: '', dob: '', nationality: 'PK', document_type: 'passport', document_no: '', expiry_date: '', issue_country: 'PK',
});

/** The offer's passengers in order: adults, then children, then infants. */
export const paxTypesOf = (offer: FlightOfferDetail): PaxType[] => [
  ...Array<PaxType>(offer.passengers.adults).fill('ADT'), ...Array<PaxType>(offer.passengers.children).fill('CNN'), ...Array<PaxType>(offer.passengers.infants).fill('INF'),
];

/** The form for an offer: what was typed for an earlier offer is kept wherever the passenger's type is the same. */
export function formForOffer(offer: FlightOfferDetail, before: PassengerForm | null): PassengerForm {
  const travellers = paxTypesOf(offer).map((type, i) => (before?.travellers[i]?.type === type ? before.travellers[i] : blankPassenger(type)));
  return {
    travellers,
    main_contact: before?.main_contact ?? { email: '', phone: '', country: 'PK' },
    agent_markup: before?.agent_markup ?? '',
    passports_acknowledged: false,
  };
}

/** The first and the last travel day of an offer (the departure's and the last arrival's local dates). */
export function travelDays(offer: FlightOfferDetail): { first: string; last: string } {
  const journeys = offer.journeys ?? [];
  return { first: journeys[0]?.departure_at.slice(0, 10) ?? '', last: journeys.at(-1)?.arriving_at.slice(0, 10) ?? '' };
}

/** The passengers whose passport is valid for the trip but for less than six months after its last day. */
export function passportsRunningOut(form: PassengerForm, offer: FlightOfferDetail | null): number[] {
  const last = offer ? travelDays(offer).last : '';
  if (!last) return [];
  const soon = new Set(passportsExpiringSoon(form.travellers, last));
  return form.travellers.flatMap((p, i) => (soon.has(i) && p.document_type === 'passport' ? [i] : []));
}

/** Every field that is wrong, by path: the first message per field, as the server would say it. */
export function passengerFormErrors(form: PassengerForm, offer: FlightOfferDetail | null, role: string, today: string): Record<string, string> {
  const out: Record<string, string> = {};
  form.travellers.forEach((p, i) => {
    const r = v.safeParse(PassengerInput, p);
    if (!r.success) issuesAt(out, `travellers.${i}`, r.issues);
  });
  const c = v.safeParse(ContactInput, form.main_contact);
  if (!c.success) issuesAt(out, 'main_contact', c.issues);
  if (offer) {
    const { first, last } = travelDays(offer);
    // The date rules only on well-formed dates: a missing one already has the schema's message.
    const dated = form.travellers.map((p) => ({ type: p.type, dob: DAY.test(p.dob) ? p.dob : '0000-01-01', expiry_date: DAY.test(p.expiry_date) ? p.expiry_date : '9999-12-31' }));
    if (first && last) for (const [k, m] of Object.entries(passengerTravelErrors(dated, first, last, today))) out[k] ??= m;
  }
  if (role === 'agent' && form.agent_markup.trim() && parseMinor(form.agent_markup.trim()) === null) out.agent_markup = MARKUP_INVALID;
  if (passportsRunningOut(form, offer).length && !form.passports_acknowledged) out.passports_acknowledged = PASSPORTS_UNACKNOWLEDGED;
  return out;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One passenger's field changed; title and gender kept in agreement, a document number in capitals. */
export function withPassenger(form: PassengerForm, index: number, field: PaxField, value: string): PassengerForm {
  const p = form.travellers[index];
  if (!p) return form;
  const change = field === 'title' || field === 'gender' ? agreeTitleAndGender(p, { [field]: value }) : { [field]: field === 'document_no' ? value.toUpperCase() : value };
  return { ...form, travellers: form.travellers.map((x, i) => (i === index ? { ...x, ...change } : x)) };
}

/** A saved traveller (an agent's) filled into one passenger: every field but the type. */
export function withSaved(form: PassengerForm, index: number, saved: Partial<Record<PaxField, unknown>> | undefined): PassengerForm {
  if (!saved || !form.travellers[index]) return form;
  const fields = Object.fromEntries(Object.keys(blankPassenger('ADT')).filter((k) => k !== 'type').map((k) => [k, String(saved[k as PaxField] ?? '')]));
  return { ...form, travellers: form.travellers.map((x, i) => (i === index ? { ...x, ...fields } : x)) };
}

/** What the form's fields send; once its messages are shown, each change checks the form again. */
export type PassengerFormEdit =
  | { type: 'SET_PASSENGER'; index: number; field: PaxField; value: string }
  | { type: 'SET_CONTACT'; field: ContactField; value: string }
  | { type: 'SET_MARKUP'; value: string }
  | { type: 'ACKNOWLEDGE_PASSPORTS'; value: boolean }
  /** An agent's saved traveller (by id) fills one passenger. */
  | { type: 'USE_SAVED'; index: number; id: number };

/** The form after one edit; `saved`: the agent's saved travellers the picker offers. */
export function editedForm(form: PassengerForm, edit: PassengerFormEdit, saved: readonly ({ id: number } & Partial<Record<PaxField, unknown>>)[] | null): PassengerForm {
  switch (edit.type) {
    case 'SET_PASSENGER': return withPassenger(form, edit.index, edit.field, edit.value);
    case 'SET_CONTACT': return { ...form, main_contact: { ...form.main_contact, [edit.field]: edit.value } };
    case 'SET_MARKUP': return { ...form, agent_markup: edit.value };
    case 'ACKNOWLEDGE_PASSPORTS': return { ...form, passports_acknowledged: edit.value };
    case 'USE_SAVED': return withSaved(form, edit.index, saved?.find((x) => x.id === edit.id));
  }
}

const EDITS = new Set<string>(['SET_PASSENGER', 'SET_CONTACT', 'SET_MARKUP', 'ACKNOWLEDGE_PASSPORTS', 'USE_SAVED']);
export const isFormEdit = (e: { type: string }): e is PassengerFormEdit => EDITS.has(e.type);

/** What of the booking flow's context the form's rules read. */
interface FormHolder {
  passengerForm: PassengerForm | null; fieldErrors: Record<string, string>; offer: FlightOfferDetail | null; role: string; today: string;
  savedTravellers: readonly ({ id: number } & Partial<Record<PaxField, unknown>>)[] | null;
}

/** The form's messages on a day; a missing form is never valid. */
export const formErrorsOf = (c: FormHolder, form = c.passengerForm, today = c.today): Record<string, string> =>
  (form ? passengerFormErrors(form, c.offer, c.role, today) : { passengers: 'missing' });

/** After an edit: the new form, and of the messages shown only those still true (field-errors.ts). */
export function afterEdit(c: FormHolder, edit: PassengerFormEdit): Pick<FormHolder, 'passengerForm' | 'fieldErrors'> | object {
  if (!c.passengerForm) return {};
  const form = editedForm(c.passengerForm, edit, c.savedTravellers);
  return { passengerForm: form, fieldErrors: recheck(c.fieldErrors, c.passengerForm, form, (f) => formErrorsOf(c, f)) };
}

/** A valid form as the booking request takes it: the schemas' output (trimmed, in capitals), markup for agents only. */
export function submitted(form: PassengerForm, role: string) {
  return {
    travellers: form.travellers.map((p) => v.parse(PassengerInput, p)),
    contact: v.parse(ContactInput, form.main_contact),
    agentMarkup: role === 'agent' && form.agent_markup.trim() ? form.agent_markup.trim() : null,
  };
}
