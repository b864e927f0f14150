import { useTranslation } from 'react-i18next';
import type { Money } from '../../contract/money';
import { intlLocale } from '../i18n/intl-locale';

/** Money and dates as the reader's language writes them; money always left-to-right so the currency stays put. */

// A formatter is built once per kind: building one costs far more than using it, and a list formats hundreds.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

export function formatMoney(m: Money | null | undefined, lng: string): string {
  if (!m) return '—';
  const n = Number(m.amount);
  const f = formatter(`money:${lng}`, () => new Intl.NumberFormat(intlLocale(lng), { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return `${m.currency} ${f.format(n)}`;
}

export function MoneyText({ value, className }: { value: Money | null | undefined; className?: string }) {
  const { i18n } = useTranslation();
  return <span className={`money ${className ?? ''}`} dir="ltr">{formatMoney(value, i18n.language)}</span>;
}

export function formatDate(iso: string | null | undefined, lng: string, withTime = false) {
  if (!iso) return '—';
  const d = iso.length === 10 ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
  return formatter(`date:${lng}:${withTime}`, () => new Intl.DateTimeFormat(intlLocale(lng, 'en-GB'), { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}) })).format(d);
}

export function DateText({ value, time }: { value: string | null | undefined; time?: boolean }) {
  const { i18n } = useTranslation();
  return <span>{formatDate(value, i18n.language, time)}</span>;
}

