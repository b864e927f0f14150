import type { TFunction } from 'i18next';
import type { Notice } from '../../../contract/notifications';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney } from '../../ui/format';

/** Each value in a bidi isolate, so a Latin PNR, route or amount keeps its order inside an Arabic sentence. */
const isolate = (v: unknown) => `\u2068${String(v)}\u2069`;

/** A notice in the reader's language, from its kind and params (so switching language re-words old notices). */
export function noticeText(n: Notice, t: TFunction, lng: string): string {
  const p = n.params;
  const money = p.amount !== undefined ? formatMoney({ amount: String(p.amount), currency: String(p.currency ?? 'PKR') }, lng) : '';
  const time = p.expires_at ? new Date(String(p.expires_at)).toLocaleTimeString(intlLocale(lng), { hour: '2-digit', minute: '2-digit' }) : '';
  const visa = lng === 'ar' && p.visa_ar ? p.visa_ar : p.visa;
  // A route ("KHI-DXB 2026-12-16") wraps as a whole: non-breaking hyphens and spaces.
  const route = p.route !== undefined ? String(p.route).replace(/-/g, '\u2011').replace(/ /g, '\u00a0') : undefined;
  const values = Object.fromEntries(Object.entries({ ...p, visa, money, time, ...(route ? { route } : {}) }).map(([k, v]) => [k, isolate(v)]));
  return t(`notifications.kinds.${n.kind}`, values);
}
