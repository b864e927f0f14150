import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import '../features/shared/dashboard.css';
import './back-office.css';

/** A screen's heading with its actions, status badges and the way back: the frame of every back-office and agent screen. */

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-head">
      <div>
        <h1 className="page-title">{title}</h1>
        {subtitle ? <p className="muted page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`agentsUi.status.${status}`, { defaultValue: status })}</span>;
}

export function BackLink({ href, label }: { href: string; label: string }) {
  return <Link href={href} className="btn btn-ghost">{label}</Link>;
}

