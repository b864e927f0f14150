import { useEffect } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { routeAirports } from '../../../contract/trip-route';
import { useLedgerWords } from './ledger-words';
import { useUser } from '../../app/auth';
import { Greeting } from '../shared/Greeting';
import { Icon } from '../../ui/Icon';
import { StatusBadge } from '../bookings/BookingList';
import { DateText, MoneyText, formatMoney } from '../../ui/format';
import { useRecord } from '../../ui/records';
import { useWalletBalance } from '../../layouts/wallet-actor';
import { RecentHotelBookings } from '../hotels/RecentBookings';
import { DashListCard } from '../../ui/dash-list';
import { getAgentDashboard } from './api';
import { CreditFigures } from './CreditFigures';
import { formatMonth } from '../../../contract/format/time';
import { FigureCard, relativeTime } from '../shared/figures';
import { SalesChart } from '../shared/SalesChart';
import { QueueTiles } from '../queues/QueueTiles';
import '../shared/dashboard-strings';

/** /agent/dashboard: its sales today and this month with its own markup, holds lapsing within the hour, 30 days of sales, wallet balance, pending deposits, recent flight and hotel bookings, recent activity, spend per month. */
export default function AgentDashboard() {
  const { t, i18n } = useTranslation();
  const words = useLedgerWords();
  const user = useUser()!;
  const { data, reload } = useRecord((_, signal) => getAgentDashboard(signal));
  // The balance as the tab's wallet last heard it; a movement heard since the figures loaded loads them again.
  const balance = useWalletBalance();
  useEffect(() => {
    if (balance && data && balance.amount !== data.balance.amount) reload();
  }, [balance?.amount]); // eslint-disable-line react-hooks/exhaustive-deps
  const max = Math.max(1, ...(data?.spend_by_month ?? []).map((m) => Number(m.spend.amount)));
  return (
    <>
      <Greeting user={user}>
        <Link href="/agent/agent-deposit" className="btn btn-primary"><Icon name="briefcase" size={18} /> {t('deposits.new')}</Link>
      </Greeting>
      <div className="dash-grid">
        <div className="figure-grid">
          <FigureCard testId="fig-sales-today" href="/agent/agent-bookings" label={t('dashboards.agentFigures.salesToday')}
            value={data ? <MoneyText value={data.sales_today} /> : '—'} detail={data ? <>{t('dashboards.agentFigures.markup')} <MoneyText value={data.markup_today} /></> : null} />
          <FigureCard testId="fig-sales-month" href="/agent/agent-bookings" label={t('dashboards.agentFigures.salesMonth')}
            value={data ? <MoneyText value={data.sales_month} /> : '—'} detail={data ? <>{t('dashboards.agentFigures.markup')} <MoneyText value={data.markup_month} /></> : null} />
          <FigureCard testId="fig-holds" href="/agent/agent-bookings?status=booked" label={t('dashboards.holds')} alert={!!data?.holds.count}
            value={data ? data.holds.count : '—'} detail={data?.holds.soonest ? t('dashboards.firstExpires', { when: relativeTime(data.holds.soonest, data.now, i18n.language) }) : null} />
        </div>
        <QueueTiles base="/agent/queues" />
        <section className="card dash-card dash-card-wide">
          <h2>{t('dashboards.chartTitle')}</h2>
          <SalesChart days={data?.daily ?? null} title={t('dashboards.chartTitle')} />
        </section>
        <section className="card dash-card">
          <div className="stat-label">{t('ledger.balance')}</div>
          <p className="big-balance" data-testid="wallet-balance"><MoneyText value={balance ?? data?.balance} /></p>
          <CreditFigures balance={balance ?? data?.balance} limit={data?.credit_limit} />
          <div className="button-row"><Link href="/agent/agent-ledger" className="btn btn-secondary">{t('ledger.title')}</Link></div>
        </section>
        <section className="card dash-card">
          <div className="stat-label">{t('deposits.pendingTitle')}</div>
          <p className="big-balance">{data ? data.pending_deposits.count : '—'}</p>
          <p className="muted">{data ? t('deposits.pendingTotal', { total: formatMoney(data.pending_deposits.total, i18n.language) }) : null}</p>
          <div className="button-row"><Link href="/agent/deposits" className="btn btn-secondary">{t('deposits.title')}</Link></div>
        </section>
        <section className="card dash-card">
          <h2>{t('ledger.spendTitle')}</h2>
          <div className="chart" role="img" aria-label={t('ledger.spendTitle')}>
            {(data?.spend_by_month ?? []).map((m) => (
              <div key={m.month} className="chart-col" title={formatMoney(m.spend, i18n.language)}>
                <div className="chart-bar" style={{ blockSize: `${(Number(m.spend.amount) / max) * 8}rem` }} />
                <span className="chart-label">{formatMonth(m.month, i18n.language)}</span>
              </div>
            ))}
          </div>
        </section>
        <DashListCard
          title={t('ledger.recentBookings.title')} testId="recent-bookings" rows={data ? data.recent_bookings : null}
          viewAll={{ href: '/agent/agent-bookings', label: t('ledger.recentBookings.viewAll') }}
          empty={{ text: t('ledger.recentBookings.empty'), action: <Link href="/agent/flights" className="btn btn-secondary"><Icon name="plane" size={18} /> {t('ledger.recentBookings.searchFlights')}</Link> }}
          columns={[
            { label: t('ledger.recentBookings.pnr'), cell: (b) => <Link href={`/agent/pnr-details?pnr=${encodeURIComponent(b.pnr)}`} aria-label={t('ledger.recentBookings.open', { pnr: b.pnr })}><bdi dir="ltr">{b.pnr}</bdi></Link> },
            { label: t('ledger.recentBookings.route'), cell: (b) => <bdi dir="ltr">{routeAirports(b).join(' → ')}</bdi> },
            { label: t('ledger.recentBookings.departure'), cell: (b) => <DateText value={b.departure_date} /> },
            { label: t('ledger.recentBookings.status'), cell: (b) => <StatusBadge status={b.status} /> },
            { label: t('ledger.recentBookings.total'), num: true, cell: (b) => <MoneyText value={b.total} /> },
          ]}
        />
        <RecentHotelBookings rows={data ? data.recent_hotel_bookings : null} />
        <section className="card dash-card dash-card-wide">
          <h2>{t('ledger.recentTitle')}</h2>
          {data && data.recent_activity.length === 0 ? <p className="muted">{t('ledger.noRows')}</p> : null}
          <ul className="activity">
            {(data?.recent_activity ?? []).map((a) => (
              <li key={a.id}>
                <span><strong>{t(`ledger.types.${a.type}`)}</strong> · <span dir="auto">{words(a)}</span><br /><small className="muted"><DateText value={a.date} time /></small></span>
                <MoneyText value={a.amount} className={Number(a.amount.amount) < 0 ? 'money-debit' : 'money-credit'} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
