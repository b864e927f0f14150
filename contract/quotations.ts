import * as v from 'valibot';
import type { FlightOfferDetail } from './flights';
import { MAX_AMOUNT_MINOR, parseMinor, type Money } from './money';

/**
 * Flight quotations: an agent (for its customer) or reservation staff pick up to five offers and mail them,
 * each priced now for the sender, with an optional markup per offer.
 */

export const MAX_QUOTED_OFFERS = 5;

const offerRef = v.object({
  flight_id: v.pipe(v.string('Choose a flight.'), v.nonEmpty('Choose a flight.'), v.maxLength(600)),
  supplier: v.pipe(v.string('The supplier is missing.'), v.nonEmpty('The supplier is missing.'), v.maxLength(40)),
});

/** A markup in major units ("1500.00"), read into minor units; empty means none. */
export const QuotationMarkup = v.optional(v.pipe(
  v.union([v.string(), v.number()], 'Enter a markup such as 1500.00.'),
  v.transform((x) => parseMinor(String(x === '' ? 0 : x))),
  v.check((n) => n !== null && n >= 0 && n <= MAX_AMOUNT_MINOR, 'Enter a markup such as 1500.00.'),
), '0');

export const QuotationInput = v.object({
  offers: v.pipe(v.array(offerRef, 'Choose at least one flight.'), v.minLength(1, 'Choose at least one flight.'), v.maxLength(MAX_QUOTED_OFFERS, 'At most 5 flights in one quotation.')),
  email: v.pipe(v.string('Enter a valid email address.'), v.trim(), v.toLowerCase(), v.maxLength(200, 'Enter a valid email address.'), v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address.')),
  name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(1000)))),
  markup: QuotationMarkup,
  locale: v.optional(v.picklist(['en', 'ar']), 'en'),
});
export type QuotationInput = v.InferInput<typeof QuotationInput>;

/** One offer as quoted: the offer priced for the sender, the markup and the total the customer sees. */
export interface QuotedOffer { offer: FlightOfferDetail; markup: Money; total: Money }

/** A quotation as sent. */
export interface SentQuotation {
  id: number;
  reference: string;
  email: string;
  name: string | null;
  note: string | null;
  from_price: Money;
  offers: unknown[];
  locale: string;
  created_at: string;
  print_url: string;
}
