import type { TFunction } from 'i18next';
import type { Notice } from '../../../contract/notifications';
import { formatDay, formatMoment } from '../../../contract/format/time';
import { formatMoney } from '../../ui/format';

/** Each value in a bidi isolate, so a Latin PNR, route or amount keeps its order inside an Arabic sentence. */
const isolate = (v: unknown) => `\u2068${String(v)}\u2069`;

/** A notice in the reader's language, from its kind and params (so switching language re-words old notices). */
export function noticeText(n: Notice, t: TFunction, lng: string): string {
  const p = n.params;
  const money = p.amount !== undefined ? formatMoney({ amount: String(p.amount), currency: String(p.currency ?? 'PKR') }, lng) : '';
  // A notice stays as it was sent: the moment the hold ends, naming its zone (a live countdown belongs to the booking page).
  const time = p.expires_at ? formatMoment(String(p.expires_at), lng) : '';
  const visa = lng === 'ar' && p.visa_ar ? p.visa_ar : p.visa;
  // A route ("KHI-DXB 2026-12-16") with its day as a day ("KHI-DXB 16 Dec 2026"), wrapping as a whole:
  // non-breaking hyphens and spaces.
  const route = p.route !== undefined ? String(p.route).replace(/\d{4}-\d{2}-\d{2}/g, (d) => formatDay(d, lng, { weekday: false })).replace(/-/g, '\u2011').replace(/ /g, '\u00a0') : undefined;
  const values = Object.fromEntries(Object.entries({ ...p, visa, money, time, ...(route ? { route } : {}) }).map(([k, v]) => [k, isolate(v)]));
  // A notice that carries an amount is worded by its `_amount` variant where it has one (notices sent before it
  // carried one keep their words).
  return t(`notifications.kinds.${n.kind}`, { ...values, context: p.amount !== undefined ? 'amount' : undefined });
}
