/** Saved travellers (and a booking's passengers): their fields and the rules that need today's date. */
import * as v from 'valibot';
import { requiredString } from './auth';
import { TITLES, titleAgreesWithGender } from './titles';
import { dateField, M } from './fields';

export const TRAVELLER_TYPES = ['ADT', 'CNN', 'INF'] as const;
export type TravellerType = (typeof TRAVELLER_TYPES)[number];
// The title rules live in titles.ts; the traveller schemas below use them.
export { agreeTitleAndGender, genderOfTitle, titleAgreesWithGender, titleChoices, TITLES, type Title } from './titles';

const countryCode = v.pipe(requiredString(M.country), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, M.country));

/** The fields of a saved traveller; a passenger is the same without email and phone. */
export const travellerEntries = {
  type: v.picklist(TRAVELLER_TYPES, M.travellerType),
  title: v.pipe(requiredString(M.title), v.picklist(TITLES, M.title)),
  first_name: v.pipe(requiredString(M.firstName), v.maxLength(60, 'At most 60 characters.'), v.regex(/^[\p{L} '.-]+$/u, 'Use letters only.')),
  last_name: v.pipe(requiredString(M.lastName), v.maxLength(60, 'At most 60 characters.'), v.regex(/^[\p{L} '.-]+$/u, 'Use letters only.')),
  gender: v.picklist(['M', 'F'], M.gender),
  dob: dateField(M.dob),
  nationality: countryCode,
  document_type: v.optional(v.picklist(['passport', 'national_id'], M.documentType), 'passport'),
  document_no: v.pipe(requiredString(M.documentNo), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,20}$/, M.documentFormat)),
  expiry_date: dateField(M.expiry),
  issue_country: countryCode,
  email: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(190, 'At most 190 characters.'), v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), M.email)))),
  phone: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^\+?[0-9 ()-]{7,20}$/.test(s), M.phone)))),
};

export const TravellerInput = v.pipe(v.object(travellerEntries), v.forward(v.check((i) => titleAgreesWithGender(i), M.titleGender), ['title']));
export type TravellerInput = v.InferOutput<typeof TravellerInput>;
export interface Traveller extends Omit<TravellerInput, 'email' | 'phone'> { id: number; number: string; email: string | null; phone: string | null; created_at: string }

/** Whole years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOn(dob: string, day: string): number {
  const [y1, m1, d1] = dob.split('-').map(Number);
  const [y2, m2, d2] = day.split('-').map(Number);
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

/** Rules that need today: age fits the type, birth in the past, document valid. Field → message. */
export function travellerDateErrors(t: Pick<TravellerInput, 'type' | 'dob' | 'expiry_date'>, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (t.dob >= today) errors.dob = M.dobPast;
  else {
    const age = ageOn(t.dob, today);
    if (t.type === 'ADT' && age < 12) errors.dob = M.ageADT;
    if (t.type === 'CNN' && (age < 2 || age > 11)) errors.dob = M.ageCNN;
    if (t.type === 'INF' && age >= 2) errors.dob = M.ageINF;
  }
  if (t.expiry_date <= today) errors.expiry_date = M.expired;
  return errors;
}
