import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatFromNow } from '../../../contract/format/time';
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
export const relativeTime = (iso: string, now: string, lng: string): string => formatFromNow(iso, new Date(now), lng);
