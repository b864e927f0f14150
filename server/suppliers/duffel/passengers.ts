/**
 * Safar's passengers and contact as Duffel's order wants them: its passenger ids from the offer matched by type,
 * given and family names, born_on, a title and gender of its lists, the contact's email and an E.164 phone on each,
 * the passport as an identity document, and each infant on an adult's lap (infant_passenger_id).
 */
import type { CreateOrderPassenger, Offer } from './types';
import type { Contact, Passenger } from '../flight/types';
import { paxTypeOf } from './offers';

const TITLES: Record<string, CreateOrderPassenger['title']> = { mr: 'mr', mrs: 'mrs', ms: 'ms', miss: 'miss', dr: 'dr', mstr: 'mr' };
/** Country calling codes of the markets Safar sells in (a phone without "+" is read in its contact country). */
const CALLING: Record<string, string> = { PK: '92', AE: '971', SA: '966', QA: '974', OM: '968', BH: '973', KW: '965', GB: '44', US: '1', CA: '1', TR: '90', MY: '60', TH: '66', CN: '86', IN: '91', BD: '880', AF: '93', IR: '98', DE: '49', FR: '33' };

/** "+92 300 1234567", "0300-1234567" (in PK), "0092..." → "+923001234567"; null when it cannot be told. */
export function e164(phone: string, country: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  if (/^\+\d{7,15}$/.test(digits)) return digits;
  if (/^00\d{7,15}$/.test(digits)) return `+${digits.slice(2)}`;
  const code = CALLING[country.toUpperCase()];
  if (code && /^0\d{6,14}$/.test(digits)) return `+${code}${digits.slice(1)}`;
  if (code && /^\d{6,14}$/.test(digits)) return `+${code}${digits}`;
  return null;
}

export class ContactPhoneError extends Error {
  constructor() { super('The contact phone number must include its country code, such as +92 300 1234567.'); }
}

export function orderPassengers(offer: Offer, passengers: Passenger[], contact: Contact): CreateOrderPassenger[] {
  const phone = e164(contact.phone, contact.country);
  if (!phone) throw new ContactPhoneError();
  const ids: Record<string, string[]> = { ADT: [], CNN: [], INF: [] };
  for (const p of offer.passengers) ids[paxTypeOf(p)].push(p.id);
  const next = { ADT: 0, CNN: 0, INF: 0 } as Record<string, number>;
  const out = passengers.map((p) => {
    const id = ids[p.type][next[p.type]++];
    if (!id) throw new Error(`The offer has no ${p.type} passenger left for ${p.first_name} ${p.last_name}.`);
    const passport = p.document_type === 'passport' && p.document_no;
    const row: CreateOrderPassenger & { type?: never } = {
      id, given_name: p.first_name, family_name: p.last_name, born_on: p.dob, title: TITLES[p.title.toLowerCase()] ?? (p.gender === 'F' ? 'ms' : 'mr'),
      gender: p.gender === 'F' ? 'f' : 'm', email: contact.email, phone_number: phone,
      ...(passport ? { identity_documents: [{ unique_identifier: p.document_no, type: 'passport' as const, issuing_country_code: p.issue_country, expires_on: p.expiry_date }] } : {}),
    };
    return row;
  });
  // Each infant rides with an adult: the first adults carry the infants, one each.
  const adults = out.filter((_, i) => passengers[i].type === 'ADT');
  out.filter((_, i) => passengers[i].type === 'INF').forEach((inf, k) => { if (adults[k]) adults[k].infant_passenger_id = inf.id; });
  return out;
}
