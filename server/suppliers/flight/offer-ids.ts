/**
 * An offer id is readable and URL-safe: issue time, pricing key, cabin and party, then the flights,
 * e.g. `mb2x4k.1a2b3c.Y210.EK601-260315~EK2-260316_EK1-260320.<signature>`. That is enough to re-price the offer
 * on any server and to tell an expired offer (410) from one we never made (404).
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { Cabin } from '../../../contract/flights';
import type { Itinerary } from './connections';
import type { Network } from './network';
import type { Party } from './offers';
import { numberOf } from './schedule';

export interface DecodedOfferId { issuedAt: number; pricingKey: string; cabin: Cabin; party: Party; journeys: { flightNo: string; day: string }[][] }

const yymmdds = new Map<string, string>();
/** An id names each flight's day; a search names a few days thousands of times. */
const yymmdd = (day: string) => {
  let s = yymmdds.get(day);
  if (s === undefined) {
    s = day.slice(2).replace(/-/g, '');
    if (yymmdds.size >= 4096) yymmdds.clear();
    yymmdds.set(day, s);
  }
  return s;
};
const fromYymmdd = (s: string) => `20${s.slice(0, 2)}-${s.slice(2, 4)}-${s.slice(4, 6)}`;

/**
 * Appends a short keyed hash of an id: an id carries its own flights and issue time (hence its expiry), so only
 * ids this product issued are honoured and a forged issue time cannot keep an offer alive.
 * SHA-256 over key and body rather than HMAC: a search signs dozens of ids and one HMAC costs four times as much.
 * Keeping 72 of the 256 bits hides the hash state, which is what a length-extension forgery would need, and a
 * body is only used after its strict pattern matched.
 */
export function signId(body: string, secret: string): string {
  return `${body}.${hash('sha256', `${secret}\n${body}`, 'base64url').slice(0, 12)}`;
}

/** The body of an id signed with `secret`, or null when the signature does not match. */
export function verifiedBody(id: string, secret: string): string | null {
  const dot = id.lastIndexOf('.');
  if (dot <= 0) return null;
  const body = id.slice(0, dot);
  const expected = Buffer.from(signId(body, secret));
  const given = Buffer.from(id);
  return expected.length === given.length && timingSafeEqual(expected, given) ? body : null;
}

export function encodeOfferId(net: Network, issuedAt: number, key: string, cabin: Cabin, party: Party, journeys: Itinerary[], secret: string): string {
  const legs = journeys.map((j) => j.flights.map((f) => {
    return `${numberOf(net, f)}-${yymmdd(f.day)}`;
  }).join('~')).join('_');
  return signId(`${Math.floor(issuedAt / 1000).toString(36)}.${key}.${cabin}${party.adults}${party.children}${party.infants}.${legs}`, secret);
}

const ID = /^([0-9a-z]{1,10})\.([0-9a-z]{1,8})\.([YSCF])(\d)(\d)(\d)\.([A-Z0-9~_-]{1,400})$/;
const SEG = /^([A-Z0-9]{2}\d{1,4})-(\d{6})$/;

export function decodeOfferId(signed: string, secret: string): DecodedOfferId | null {
  const id = verifiedBody(signed, secret);
  if (id === null) return null;
  const m = ID.exec(id);
  if (!m) return null;
  const journeys = m[7].split('_').map((leg) => leg.split('~').map((seg) => {
    const s = SEG.exec(seg);
    return s ? { flightNo: s[1], day: fromYymmdd(s[2]) } : null;
  }));
  if (journeys.some((j) => j.length === 0 || j.length > 3 || j.some((s) => s === null)) || journeys.length > 6) return null;
  return {
    issuedAt: parseInt(m[1], 36) * 1000, pricingKey: m[2], cabin: m[3] as Cabin,
    party: { adults: Number(m[4]), children: Number(m[5]), infants: Number(m[6]) },
    journeys: journeys as { flightNo: string; day: string }[][],
  };
}
