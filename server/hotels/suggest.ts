/**
 * The public destination autocomplete (GET /hotel-destinations?q=): answers encoded once and kept per query for the
 * supplier that made them. The supplier's cities and hotel names are fixed for the process, and people type the
 * same few hundred prefixes, so nearly every keystroke is a lookup instead of a scan of ten thousand hotel names.
 */
import { EncodedText } from '../http/compress';
import type { HotelSupplier } from '../suppliers/hotel/types';

/** Bounded: past this many distinct queries the cache starts over (a crawler cannot make it grow without end). */
const MAX_ENTRIES = 1000;
const answers = new WeakMap<HotelSupplier, Map<string, EncodedText>>();

export function destinationSuggestions(supplier: HotelSupplier, q: string): EncodedText {
  let bySupplier = answers.get(supplier);
  if (!bySupplier || bySupplier.size >= MAX_ENTRIES) answers.set(supplier, (bySupplier = new Map()));
  let body = bySupplier.get(q);
  if (body === undefined) bySupplier.set(q, (body = new EncodedText(JSON.stringify({ data: supplier.destinations(q) }))));
  return body;
}
