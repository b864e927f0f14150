/**
 * The owner's mail about an airline's change: the flight before and after, in the airports' local times through
 * the one date formatter, and what can be done about it. In Arabic each Latin value (PNR, flight, airports) is
 * isolated so it keeps its order in the sentence.
 */
import { isolate } from '../../contract/format/money';
import { formatLocal } from '../../contract/format/time';
import type { ChangedSegment, scheduleChanges } from '../db/schema';
import { docLang } from '../documents/values';
import { simpleMail, type Mail } from '../mail/templates';

type Row = typeof scheduleChanges.$inferSelect;

function flightLine(s: ChangedSegment, lang: 'en' | 'ar'): string {
  const v = (x: string) => (lang === 'ar' ? isolate(x) : x);
  const dep = formatLocal(s.departure_at, lang), arr = formatLocal(s.arriving_at, lang);
  return lang === 'ar'
    ? `${v(s.flight_number)} ${v(`${s.origin}-${s.destination}`)}: المغادرة ${dep}، الوصول ${arr}`
    : `${s.flight_number} ${s.origin}-${s.destination}: departs ${dep}, arrives ${arr}`;
}

/** `held`: the booking is held, not paid: it may drop the hold instead of asking for a refund. */
export function scheduleChangeMail(locale: string, name: string, pnr: string, row: Row, url: string, held = false): Mail {
  const lang = docLang(locale);
  const ar = lang === 'ar';
  const ref = ar ? isolate(pnr) : pnr;
  const canceled = row.kind === 'canceled';
  const subject = ar
    ? (canceled ? `ألغت شركة الطيران رحلة في حجزك ${ref}` : `غيّرت شركة الطيران رحلة في حجزك ${ref}`)
    : (canceled ? `The airline canceled a flight of your booking ${pnr}` : `The airline changed a flight of your booking ${pnr}`);
  const lines = [
    ar ? (name ? `مرحباً ${name}،` : 'مرحباً،') : (name ? `Hello ${name},` : 'Hello,'),
    ar ? `الرحلة كما حُجزت: ${flightLine(row.oldSegment, lang)}.` : `As booked: ${flightLine(row.oldSegment, lang)}.`,
    row.newSegment
      ? (ar ? `الرحلة الآن: ${flightLine(row.newSegment, lang)}.` : `Now: ${flightLine(row.newSegment, lang)}.`)
      : (ar ? 'أُلغيت هذه الرحلة.' : 'This flight is canceled.'),
    held ? (canceled
      ? (ar ? 'اختر رحلة أخرى دون أي تكلفة، أو ألغِ الحجز المؤقت (لم يُدفع أي مبلغ).' : 'Choose another flight at no cost, or drop the hold (nothing was paid).')
      : (ar ? 'اقبل الموعد الجديد، أو اختر رحلة أخرى دون أي تكلفة، أو ألغِ الحجز المؤقت.' : 'Accept the new times, choose another flight at no cost, or drop the hold.'))
    : canceled
      ? (ar ? 'اختر رحلة أخرى دون أي تكلفة، أو اطلب استرداد كامل المبلغ.' : 'Choose another flight at no cost, or ask for a full refund.')
      : (ar ? 'اقبل الموعد الجديد، أو اختر رحلة أخرى دون أي تكلفة، أو اطلب استرداد كامل المبلغ.' : 'Accept the new times, choose another flight at no cost, or ask for a full refund.'),
  ];
  return simpleMail(lang, 'schedule-change', subject, lines, { label: ar ? 'الرد على التغيير' : 'Answer the change', url });
}
