import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can } from '../../../contract/permissions';
import { formatNumber } from '../../../contract/format/number';
import { useUser } from '../../app/auth';
import { useRecord } from '../../ui/records';
import { getUsersSummary } from './api';
import './users-summary-strings';

/**
 * The head counts above the users and staff lists, each a link to the list it counts. The strip keeps its height
 * while loading (dashes stand in for the numbers), so the table below does not move when they arrive.
 */
export function UsersSummaryStrip() {
  const { t, i18n } = useTranslation();
  const role = useUser()?.role;
  const { data } = useRecord((_, signal) => getUsersSummary(signal));
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumber(v, i18n.language));
  const items = [
    { key: 'agents', href: '/admin/users', value: data?.agents },
    { key: 'pendingAgents', href: '/admin/users?is_approved=0', value: data?.pending_agents, alert: !!data?.pending_agents },
    { key: 'customers', href: '/admin/users?role=customer', value: data?.customers },
    { key: 'staff', href: '/admin/staff', value: data?.staff },
    ...(can(role, 'deposits.read') || can(role, 'deposits.manage')
      ? [{ key: 'pendingDeposits', href: '/admin/topup-request', value: data?.pending_deposits, alert: !!data?.pending_deposits }] : []),
  ];
  return (
    <ul className="users-summary" aria-label={t('usersSummary.title')} aria-busy={!data}>
      {items.map((i) => (
        <li key={i.key}>
          <Link href={i.href} className={i.alert ? 'users-summary-alert' : undefined} data-testid={`users-summary-${i.key}`}>
            <span className="users-summary-value">{n(i.value)}</span> <span className="users-summary-label">{t(`usersSummary.${i.key}`, { count: i.value ?? 0 })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
