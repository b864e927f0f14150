/**
 * The price-alert mails, in the owner's language: a drop (the price they were last told of, and now) and a sold-out
 * watched fare. Each reopens the search and carries the signed unsubscribe link. Money and days through the one
 * formatter of each; in Arabic each value is isolated so a Latin code or amount keeps its order.
 */
import { isolate, moneyText } from '../../contract/format/money';
import { formatDay, formatMonth } from '../../contract/format/time';
import type { PriceAlertWatch } from '../../contract/price-alerts';
import { docLang } from '../documents/values';
import { simpleMail, type Mail } from '../mail/templates';

interface Facts { name: string; watch: PriceAlertWatch; currency: string; fromMinor: number | null; nowMinor: number | null; searchUrl: string; unsubscribeUrl: string }

const CABIN = { en: { Y: 'economy', S: 'premium economy', C: 'business', F: 'first' }, ar: { Y: 'السياحية', S: 'السياحية الممتازة', C: 'رجال الأعمال', F: 'الأولى' } } as const;

/** "2 adults, 1 child, 1 infant": only the kinds travelling (there is always an adult). */
function partyText(lang: 'en' | 'ar', w: PriceAlertWatch): string {
  const en = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = lang === 'ar'
    ? [`${w.adults} بالغ`, w.children ? `${w.children} طفل` : '', w.infants ? `${w.infants} رضيع` : '']
    : [en(w.adults, 'adult', 'adults'), w.children ? en(w.children, 'child', 'children') : '', w.infants ? en(w.infants, 'infant', 'infants') : ''];
  return parts.filter(Boolean).join(lang === 'ar' ? '، ' : ', ');
}

function words(lang: 'en' | 'ar', f: Facts) {
  const w = f.watch;
  const v = (s: string) => (lang === 'ar' ? isolate(s) : s);
  const when = w.month ? formatMonth(w.month, lang, { year: true }) : [w.departure_date, w.return_date].filter((d): d is string => !!d).map((d) => formatDay(d, lang)).join(' – ');
  return {
    route: v(`${w.origin} → ${w.destination}`), when: v(when), cabin: CABIN[lang][w.cabin_class], party: partyText(lang, w),
    from: f.fromMinor === null ? '' : v(moneyText(f.fromMinor, f.currency)), now: f.nowMinor === null ? '' : v(moneyText(f.nowMinor, f.currency)),
  };
}

export function priceDropMail(locale: string, f: Facts): Mail {
  const lang = docLang(locale);
  const x = words(lang, f);
  return lang === 'ar'
    ? simpleMail(lang, 'price-alert-drop', `انخفض السعر: ${x.route} الآن ${x.now}`, [
      `مرحباً ${f.name}،`,
      `انخفض أقل سعر لرحلة ${x.route} في ${x.when} (${x.party}، الدرجة ${x.cabin}) من ${x.from} إلى ${x.now}.`,
      `لإيقاف تنبيهات هذا البحث افتح: ${f.unsubscribeUrl}`,
    ], { label: 'عرض الرحلات', url: f.searchUrl })
    : simpleMail(lang, 'price-alert-drop', `Price drop: ${x.route} now ${x.now}`, [
      `Hello ${f.name},`,
      `The lowest price for ${x.route} on ${x.when} (${x.party}, ${x.cabin}) fell from ${x.from} to ${x.now}.`,
      `To stop alerts for this search, open: ${f.unsubscribeUrl}`,
    ], { label: 'See flights', url: f.searchUrl });
}

export function fareSoldOutMail(locale: string, f: Facts): Mail {
  const lang = docLang(locale);
  const x = words(lang, f);
  const ar = lang === 'ar';
  const now = f.nowMinor === null
    ? (ar ? 'لا توجد مقاعد معروضة للبيع الآن.' : 'Nothing is on sale for this search now.')
    : (ar ? `أقل سعر الآن ${x.now}.` : `The lowest price now is ${x.now}.`);
  return ar
    ? simpleMail(lang, 'price-alert-sold-out', `نفدت مقاعد الرحلة التي تتابعها: ${x.route}`, [
      `مرحباً ${f.name}،`, `نفدت مقاعد الرحلة التي كنت تتابعها لـ ${x.route} في ${x.when}. ${now}`,
      `لإيقاف تنبيهات هذا البحث افتح: ${f.unsubscribeUrl}`,
    ], { label: 'عرض الرحلات', url: f.searchUrl })
    : simpleMail(lang, 'price-alert-sold-out', `The fare you watched sold out: ${x.route}`, [
      `Hello ${f.name},`, `The fare you watched for ${x.route} on ${x.when} sold out. ${now}`,
      `To stop alerts for this search, open: ${f.unsubscribeUrl}`,
    ], { label: 'See flights', url: f.searchUrl });
}
