import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ROLE_PERMISSIONS } from '../../../contract/permissions';
import { hasSection } from '../../../contract/dashboard';
import { RULE_ZONE, zoneName } from '../../../contract/format/time';
import { useUser } from '../../app/auth';
import { Greeting } from '../shared/Greeting';
import { Icon } from '../../ui/Icon';
import { MoneyText, formatMoney } from '../../ui/format';
import { useRecord } from '../../ui/records';
import { DashListCard } from '../../ui/dash-list';
import { FigureCard, relativeTime } from '../shared/figures';
import { SalesChart } from '../shared/SalesChart';
import { SalesByProduct } from './SalesByProduct';
import { QueueTiles } from '../queues/QueueTiles';
import { getBackOfficeDashboard } from './api';
import '../shared/dashboard-strings';

/**
 * Back-office home for every staff role: the figures the role works on first (what waits for it, then the day's and
 * the month's sales, the chart and the best agents), each linking to the list behind it; what the role may do last.
 * Which sections appear follows contract/dashboard SECTION_RULES, so the cards are laid out before the figures come.
 */
export default function AdminDashboard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const user = useUser()!;
  const { data } = useRecord((_, signal) => getBackOfficeDashboard(signal));
  const has = (s: Parameters<typeof hasSection>[1]) => hasSection(user.role, s);
  const count = (n: number | undefined) => (n === undefined ? '—' : n);
  const ago = (iso: string | null | undefined, key: string) => (data && iso ? t(key, { when: relativeTime(iso, data.now, lng) }) : null);
  return (
    <>
      <Greeting user={user} />
      <div className="dash-grid">
        <div className="figure-grid">
          {has('topups') ? (
            <FigureCard testId="fig-topups" href="/admin/topup-request" label={t('dashboards.topups')} alert={!!data?.topups?.count}
              value={count(data?.topups?.count)}
              detail={data?.topups ? <>{formatMoney(data.topups.total, lng)}{data.topups.oldest ? ` · ${ago(data.topups.oldest, 'dashboards.oldest')}` : ''}</> : null} />
          ) : null}
          {has('pending_agents') ? (
            <FigureCard testId="fig-pending-agents" href="/admin/users?is_approved=0" label={t('dashboards.pendingAgents')} alert={!!data?.pending_agents?.count}
              value={count(data?.pending_agents?.count)} detail={ago(data?.pending_agents?.oldest, 'dashboards.oldest')} />
          ) : null}
          {has('voids') ? (
            <FigureCard testId="fig-voids" href="/admin/void-bookings" label={t('dashboards.voids')} alert={!!data?.voids?.due_tonight}
              value={count(data?.voids?.count)}
              detail={data?.voids ? <>{t('dashboards.dueTonight', { count: data.voids.due_tonight, zone: zoneName(RULE_ZONE, lng) })}{data.voids.soonest ? ` · ${ago(data.voids.soonest, 'dashboards.deadline')}` : ''}{data.voids.refunds ? ` · ${t('dashboards.refundRequests', { count: data.voids.refunds })}` : ''}</> : null} />
          ) : null}
          {has('holds') ? (
            <FigureCard testId="fig-holds" href="/admin/bookings?status=booked" label={t('dashboards.holds')} alert={!!data?.holds?.count}
              value={count(data?.holds?.count)} detail={ago(data?.holds?.soonest, 'dashboards.firstExpires')} />
          ) : null}
        </div>
        <QueueTiles base="/admin/queues" />
        {has('sales') ? (
          <>
            <SalesByProduct sales={data?.sales} />
            <section className="card dash-card dash-card-wide">
              <h2>{t('dashboards.chartTitle')}</h2>
              <SalesChart days={data?.sales?.daily ?? null} title={t('dashboards.chartTitle')} />
            </section>
            <DashListCard
              title={t('dashboards.topAgents')} testId="top-agents" rows={data?.top_agents ?? null}
              viewAll={{ href: '/admin/bookings', label: t('dashboards.allBookings') }}
              empty={{ text: t('dashboards.noAgentSales'), action: null }}
              columns={[
                { label: t('dashboards.agent'), cell: (a) => <Link href={`/admin/agent-detail-bookings?agent_id=${a.id}`}><span dir="auto">{a.company_name ?? a.name}</span></Link> },
                { label: t('dashboards.code'), cell: (a) => <bdi dir="ltr">{a.agent_code ?? '—'}</bdi> },
                { label: t('dashboards.sales'), num: true, cell: (a) => <MoneyText value={a.sales} /> },
                { label: t('dashboards.count'), num: true, cell: (a) => a.count },
              ]}
            />
          </>
        ) : null}
        <section className="card dash-card dash-card-wide access-summary">
          <p className="muted">{t(`admin.dashboard.roleSummary.${user.role}`)}</p>
          <details>
            <summary>{t('admin.dashboard.accessTitle')}</summary>
            <ul className="perm-list">
              {ROLE_PERMISSIONS[user.role].map((p) => (
                <li key={p}><Icon name="check" size={16} /> {t(`permissions.${p.replace('.', '_')}`)}</li>
              ))}
            </ul>
          </details>
        </section>
      </div>
    </>
  );
}
