import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import type { TraceKind } from '../../../contract/lifecycle';

/** The explorer's address that opens a booking on its lifecycle chart. */
export const traceHref = (reference: string, kind: TraceKind) => `/admin/flows?booking=${encodeURIComponent(reference)}&kind=${kind}`;

/**
 * "Lifecycle chart" on a staff booking page, for the roles that may open the explorer. Its label is one of the
 * explorer's strings, which ship with the explorer: they are fetched here only for those roles, and the link
 * appears once they are in.
 */
export function TraceLink({ reference, kind }: { reference: string | null | undefined; kind: TraceKind }) {
  const { t, i18n } = useTranslation();
  const may = can(useUser()?.role, 'flows.view') && !!reference;
  useEffect(() => { if (may) void import('./strings'); }, [may]);
  if (!may || !i18n.exists('flows.trace.link')) return null;
  return <Link href={traceHref(reference!, kind)} className="btn btn-secondary" data-testid="lifecycle-chart-link">{t('flows.trace.link')}</Link>;
}
