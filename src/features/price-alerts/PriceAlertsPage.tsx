import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { PriceAlert } from '../../../contract/price-alerts';
import { formatDay, formatFromNow, formatMonth } from '../../../contract/format/time';
import { MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { ResourceTable, useResourceList } from '../../ui/lists';
import type { Column } from '../../ui/table';
import { useRouteText } from '../../i18n/places';
import { useUser } from '../../app/auth';
import { listAlerts, removeAlert } from './api';
import './price-alerts.css';

/**
 * /price-alerts (a customer's account area) and /agent/price-alerts (the agent portal): the searches the owner
 * watches, each with its party, the lowest price last priced (and how long ago: at the start, then daily) and the
 * one they were last told of, to reopen or stop watching.
 */
export default function PriceAlertsPage() {
  const { t, i18n } = useTranslation();
  const routeText = useRouteText();
  const user = useUser();
  const list = useResourceList<PriceAlert>({ load: (_q, signal) => listAlerts(signal), act: ({ item }, signal) => removeAlert(item.id, signal) });
  const when = (a: PriceAlert) => (a.month
    ? t('priceAlerts.list.anyDay', { month: formatMonth(a.month, i18n.language, { year: true }) })
    : [a.departure_date, a.return_date].filter((d): d is string => !!d).map((d) => formatDay(d, i18n.language)).join(' – '));
  const party = (a: PriceAlert) => [
    t('priceAlerts.list.adults', { count: a.adults }),
    a.children ? t('priceAlerts.list.children', { count: a.children }) : null,
    a.infants ? t('priceAlerts.list.infants', { count: a.infants }) : null,
    t(`flights.cabins.${a.cabin_class}`),
  ].filter(Boolean).join(' · ');
  const columns: Column<PriceAlert>[] = [
    { key: 'route', label: t('priceAlerts.list.route'), render: (a) => <bdi dir="ltr">{routeText(a.origin, a.destination, !!a.return_date)}</bdi> },
    { key: 'dates', label: t('priceAlerts.list.dates'), render: when },
    { key: 'party', label: t('priceAlerts.list.party'), render: party },
    { key: 'now', label: t('priceAlerts.list.now'), align: 'end', render: (a) => (
      <span className="price-alert-now">
        {a.price ? <MoneyText value={a.price} /> : t('priceAlerts.list.none')}
        <small className="muted">{t('priceAlerts.list.pricedAt', { when: formatFromNow(a.priced_at, new Date(), i18n.language) })}</small>
      </span>
    ) },
    { key: 'told', label: t('priceAlerts.list.told'), align: 'end', render: (a) => (a.notice_price ? <MoneyText value={a.notice_price} /> : '—') },
    { key: 'actions', label: '', align: 'end', render: (a) => (
      <div className="row-actions">
        <Link href={a.search_path} className="btn btn-secondary">{t('priceAlerts.list.open')}</Link>
        <button type="button" className="btn btn-ghost" disabled={list.busy} onClick={() => list.send({ type: 'DELETE', item: a })}>{t('priceAlerts.list.remove')}</button>
      </div>
    ) },
  ];
  return (
    <div className={user?.role === 'agent' ? 'price-alerts-page' : 'price-alerts-page is-public'}>
      <PageHeader title={t('priceAlerts.title')} subtitle={t('priceAlerts.subtitle')} />
      <ResourceTable list={list} columns={columns} empty={t('priceAlerts.list.empty')} caption={t('priceAlerts.title')}
        confirm={() => ({ question: t('priceAlerts.list.confirmRemove'), yes: t('priceAlerts.list.remove') })} />
    </div>
  );
}
