import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { intlLocale } from '../../i18n/intl-locale';
import '../../ui/back-office.css';
import './figures.css';

/**
 * One figure of a dashboard as a card that links to the list behind it. While loading the value is a dash and the
 * card keeps its size (a fixed minimum height), so nothing jumps when the figures arrive.
 */
export function FigureCard(props: { label: string; value: ReactNode; detail?: ReactNode; href: string; testId: string; alert?: boolean }) {
  const { label, value, detail, href, testId, alert } = props;
  return (
    <Link href={href} className={`card figure-card${alert ? ' figure-card-alert' : ''}`} data-testid={testId}>
      <span className="figure-label">{label}</span>
      <span className="figure-value">{value}</span>
      <span className="figure-detail muted">{detail ?? '\u00a0'}</span>
    </Link>
  );
}

/** "3 days ago", "in 2 hours": the distance from `now` (the server's clock) in the largest whole unit. */
export function relativeTime(iso: string, now: string, lng: string): string {
  const minutes = Math.round((Date.parse(iso) - Date.parse(now)) / 60_000);
  const f = new Intl.RelativeTimeFormat(intlLocale(lng), { numeric: 'auto' });
  const abs = Math.abs(minutes);
  if (abs < 60) return f.format(minutes, 'minute');
  if (abs < 48 * 60) return f.format(Math.round(minutes / 60), 'hour');
  return f.format(Math.round(minutes / 1440), 'day');
}
