import { useTranslation } from 'react-i18next';
import type { Money } from '../../contract/money';

/** Money and dates as the reader's language writes them; money always left-to-right so the currency stays put. */

export function formatMoney(m: Money | null | undefined, lng: string): string {
  if (!m) return '—';
  const n = Number(m.amount);
  return `${m.currency} ${n.toLocaleString(lng === 'ar' ? 'ar-EG' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function MoneyText({ value, className }: { value: Money | null | undefined; className?: string }) {
  const { i18n } = useTranslation();
  return <span className={`money ${className ?? ''}`} dir="ltr">{formatMoney(value, i18n.language)}</span>;
}

export function formatDate(iso: string | null | undefined, lng: string, withTime = false) {
  if (!iso) return '—';
  const d = iso.length === 10 ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
  return d.toLocaleString(lng === 'ar' ? 'ar-EG' : 'en-GB', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}) });
}

export function DateText({ value, time }: { value: string | null | undefined; time?: boolean }) {
  const { i18n } = useTranslation();
  return <span>{formatDate(value, i18n.language, time)}</span>;
}

