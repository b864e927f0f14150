import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Money } from '../../contract/money';
import { formatMoney as moneyOf, isolateLtr } from '../../contract/format/money';
import { formatDay, formatDayAt, formatDeadline, formatMoment, readerZone } from '../../contract/format/time';

/**
 * Money, days, moments and deadlines on screen, written by the one rule the server's mails and documents use too
 * (contract/format): "PKR 210,554", "3 Jan 2027", "29 Nov 2026, 15:12 Pakistan Standard Time", "until midnight at the
 * end of 29 Nov 2026 Pakistan Standard Time (in 5 hours)". Flight times stay the airport's (formatClock, formatLocal).
 */

/**
 * Money as text, for a sentence or an attribute: the same figure in both languages, its code and figure held on one
 * line (a no-break space), and isolated left to right in Arabic so "-PKR 1,500" keeps its order in a right-to-left
 * sentence.
 */
export function formatMoney(m: Money | null | undefined, lng?: string): string {
  const text = moneyOf(m).replace(' ', '\u00a0');
  return lng === 'ar' && m ? isolateLtr(text) : text;
}

/** Money isolated left to right, so inside Arabic the code stays before the amount. */
export function MoneyText({ value, className }: { value: Money | null | undefined; className?: string }) {
  return <bdi className={`money ${className ?? ''}`} dir="ltr">{moneyOf(value)}</bdi>;
}

// An instant the server stored ("…T18:30:00.000Z") falls on the rule zone's day; a date or an airport's local time
// ("2027-01-03", "2027-01-03T09:55:00+05:00") is the day as written.
const isInstant = (iso: string) => /T.*Z$/.test(iso);

/** A calendar day ("3 Jan 2027", with its weekday "Sun 3 Jan 2027"), or with `withTime` a moment naming its zone. */
export function formatDate(iso: string | null | undefined, lng: string, withTime = false, weekday = false): string {
  if (!iso) return '—';
  if (withTime) return formatMoment(iso, lng);
  return isInstant(iso) ? formatDayAt(iso, lng, { weekday }) : formatDay(iso, lng, { weekday });
}

export function DateText({ value, time, weekday }: { value: string | null | undefined; time?: boolean; weekday?: boolean }) {
  const { i18n } = useTranslation();
  if (!value) return <span>—</span>;
  return <time dateTime={value}>{formatDate(value, i18n.language, time, weekday)}</time>;
}

/** The current time, renewed every minute while a screen shows it: enough to keep "in 5 hours" true. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

let zoneOfReader: string | undefined;
const reader = () => (zoneOfReader ??= readerZone());

/** A deadline in words, kept current: the rule's zone (or `zone`), the reader's when it differs, and the time left. */
export function useDeadline(at: string | Date | null | undefined, zone?: string): string {
  const { i18n } = useTranslation();
  const now = useNow();
  return at ? formatDeadline(at, { lang: i18n.language, now, zone, readerZone: reader() }) : '';
}

/**
 * A deadline on screen: "until midnight at the end of 29 Nov 2026 Pakistan Standard Time (20:59 on 29 Nov your time,
 * in 5 hours)", or set in a sentence whose `{{deadline}}` it fills ("On hold {{deadline}}.").
 */
export function Deadline({ at, zone, sentence }: { at: string | null | undefined; zone?: string; sentence?: string }) {
  const { t } = useTranslation();
  const text = useDeadline(at, zone);
  if (!at) return null;
  return <span className="deadline" data-deadline={at}>{sentence ? t(sentence, { deadline: text }) : text}</span>;
}
