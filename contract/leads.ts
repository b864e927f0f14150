/** Enquiries (leads) sent from the public catalogue pages and the contact form, and staff's handling of them. */
import * as v from 'valibot';
import { optDate, optInt, req, text } from './catalogue-fields';
import { idSchema } from './ids';

export const LEAD_SOURCES = ['visa', 'holiday', 'umrah', 'group-ticket', 'insurance', 'contact'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LeadInput = v.object({
  source: v.picklist(LEAD_SOURCES, 'Unknown enquiry type.'),
  item_id: v.optional(v.nullable(idSchema('The selected item does not exist.')), null),
  name: text('name', 120),
  email: v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty(req('email')), v.email('Enter a valid email address.'), v.maxLength(190, 'The email is too long.')),
  phone: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.check((s) => s === '' || /^\+?[0-9 ()-]{7,20}$/.test(s), 'Enter a valid phone number.')),
  message: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(3000, 'The message may not be greater than 3000 characters.')),
  travellers: optInt('travellers', 1, 500),
  travel_date: optDate('travel date'),
  /** A field people never see; bots fill it. */
  website: v.optional(v.string(), ''),
});
export type LeadInput = v.InferOutput<typeof LeadInput>;
export interface Lead {
  id: number; source: LeadSource; item_id: number | null; item_title: string | null; name: string; email: string; phone: string; message: string;
  travellers: number | null; travel_date: string | null; locale: string; status: 'new' | 'handled'; handled_by: number | null; handled_by_name: string | null;
  handled_at: string | null; staff_note: string; created_at: string;
}
export const LeadUpdateInput = v.object({
  status: v.picklist(['new', 'handled'], 'Choose new or handled.'),
  staff_note: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(2000, 'The note is too long.')),
});
