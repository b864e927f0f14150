import { Fragment, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { journeyAirports } from '../../../contract/trip-route';
import { formatClock } from '../../../contract/format/time';
import { flightNumberText } from '../../../contract/format/flight-number';
import { useAirlineName, usePlaceName, useRouteText } from '../../i18n/places';
import { useTitleText } from '../../i18n/titles';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { DateText, Deadline, formatMoney, MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { TraceLink } from '../flows/TraceLink';
import { useRecord } from '../../ui/records';
import { ActionPanel } from './ActionPanel';
import { AgentContactCard } from './AgentContact';
import { RefundFigures } from './RefundQuote';
import { ReissuePanel } from './ReissuePanel';
import { ExtrasAction } from '../extras/ExtrasAction';
import { BookingExtras, extrasOf, extrasTotalOf } from '../extras/BookingExtras';
import { ScheduleChangesPanel } from '../schedule-changes/ScheduleChangesPanel';
import { DocumentLinks } from '../documents/DocumentLinks';
import { flightDocuments } from '../documents/links';
import { StatusBadge } from './BookingList';
import { historyActor, historyNotes } from './history-note';
import { getBookingDetail, updateBooking, type BookingDetail as Detail } from './api';
import './bookings.css';

export function BookingDetailView({ backHref, backLabel }: { backHref: string; backLabel: string }) {
  const { t, i18n } = useTranslation();
  const place = usePlaceName();
  const airline = useAirlineName();
  const route = useRouteText();
  const user = useUser();
  const qs = new URLSearchParams(window.location.search);
  const record = useRecord<Detail>((_, signal) => getBookingDetail({ id: qs.get('id'), pnr: qs.get('pnr') }, signal), 0,
    (a, signal) => updateBooking(a.payload as { id: number; ticket_numbers: string[] }, signal));
  const b = record.data;
  const reload = record.reload;
  const notice = record.snapshot.context.failure?.notice;
  if (record.failed) return <section><PageHeader title={t('bookings.details.title')} /><p className="bk-note bk-warn" role="alert">{notice?.text ? translateServer(notice.text) : t(notice?.key ?? 'bookings.details.notFound')}</p><Link href={backHref} className="btn btn-ghost">{backLabel}</Link></section>;
  if (!b) return <p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p>;
  const segments = b.itinerary.journeys.flatMap((j) => j.segments);
  const staffManage = can(user?.role, 'bookings.manage');
  // Staff see a provider's payment reference beside the history's words; the booking's owner does not.
  const staff = can(user?.role, 'bookings.read');
  const extrasTotal = extrasTotalOf(b);
  return (
    <section>
      <PageHeader
        title={`${t('bookings.details.title')} · ${b.pnr}`}
        subtitle={<><span data-testid="booking-status"><StatusBadge status={b.status} /></span> <span dir="ltr">{(b.flight_type === 'multi-city' ? journeyAirports(b.itinerary.journeys) : [b.origin, b.destination]).join(' → ')}</span> · <DateText value={b.departure_date} /></>}
        actions={<>
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>{b.status === 'ticketed' ? t('bookings.details.printTicket') : t('bookings.details.print')}</button>
          <DocumentLinks links={flightDocuments(b, i18n.language)} />
          <TraceLink reference={b.pnr} kind="flight" />
          <Link href={backHref} className="btn btn-ghost">{backLabel}</Link>
        </>}
      />
      {/* The airline's changes to this booking's flights, for its owner (or staff who manage it) to answer. */}
      {b.access === 'owner' || b.access === 'manage' ? <ScheduleChangesPanel pnr={b.pnr} onReload={reload} /> : null}
      <div className="bk-grid">
        <div className="bk-rows" data-testid="booking-details">
          {b.offline ? <p className="bk-note">{t('bookings.details.offlineNote')}</p> : null}
          {b.status === 'requested' ? <p className="bk-note bk-warn">{t('bookings.details.requestedNote')}</p> : null}
          {b.status === 'refund_requested' ? <p className="bk-note bk-warn">{t('bookings.refund.requestedNote')}</p> : null}
          {b.void_window_closes_at ? <p className="bk-note">{b.void_window_open ? <Deadline at={b.void_window_closes_at} sentence="bookings.details.voidOpen" /> : t('bookings.details.voidClosed')}</p> : null}
          <div className="card bk-card">
            <h2>{t('bookings.details.itinerary')}</h2>
            {segments.map((s, i) => (
              <div className="bk-seg" key={i}>
                <div><strong dir="ltr">{flightNumberText(s.airline.code, s.flight_number)}</strong><span className="bk-sub">{airline(s.airline)}</span></div>
                <div className="bk-seg-times">
                  <span dir="ltr">{s.origin.code} {formatClock(s.departure_at)} → {s.destination.code} {formatClock(s.arriving_at)}</span>
                  <span className="bk-sub">{route(place(s.origin.code, s.origin.city), place(s.destination.code, s.destination.city))} · <DateText value={s.departure_at.slice(0, 10)} weekday /></span>
                </div>
                <div className="bk-sub">{t(`bookings.cabin.${s.cabin}`, { defaultValue: s.cabin })} · {s.booking_class}</div>
              </div>
            ))}
          </div>
          <Passengers b={b} busy={record.snapshot.matches('acting')} errors={record.snapshot.context.fieldErrors} onSave={(ticket_numbers) => record.send({ type: 'ACT', action: 'tickets', payload: { id: b.id, ticket_numbers } })} editable={staffManage && (b.offline || !!b.direct) && b.status !== 'voided' && b.status !== 'rejected' && b.status !== 'canceled'} />
          {extrasOf(b).length ? <div className="card bk-card"><BookingExtras booking={b} /></div> : null}
          <div className="card bk-card no-print">
            <h2>{t('bookings.details.history')}</h2>
            <ol className="bk-timeline">
              {(b.events ?? []).map((e, i) => (
                <li key={i}>
                  <strong>{t(`bookings.events.${e.action}`, { defaultValue: e.action })}</strong> · <StatusBadge status={e.to_status} />
                  <span className="bk-sub">{historyActor(e.actor, t)} · <DateText value={e.at} time /></span>
                  {historyNotes(e, t, i18n.language, { technical: staff }).map((n, k) => <span key={k} className="bk-sub" dir="auto">{n}</span>)}
                </li>
              ))}
            </ol>
          </div>
        </div>
        <aside className="bk-rows">
          <div className="card bk-card no-print">
            <h2>{t('bookings.details.actions')}</h2>
            <ActionPanel pnr={b.pnr} onReload={reload} booking={{ id: b.id, status: b.status, access: b.access, void_window_open: b.void_window_open, refund_open: b.refund_open, owner_may_ticket: b.owner_may_ticket }} />
            {(b.access === 'manage' && (b.channel === 'agent' || b.channel === 'staff')) || b.access === 'owner' ? <ReissuePanel booking={b} onReload={reload} /> : null}
            {b.access === 'owner' ? <ExtrasAction booking={b} onReload={reload} /> : null}
            {b.status === 'ticketed' && b.reissued_at ? <p className="bk-note">{t('reissue.reissuedNote')}</p> : null}
            {b.card_refund ? (
              <p className={b.card_refund.status === 'refund_failed' ? 'bk-note bk-warn' : 'bk-note'} role={b.card_refund.status === 'refund_failed' ? 'alert' : undefined} data-testid="card-refund">
                {b.card_refund.status === 'refund_failed'
                  ? t('reissue.cardRefundFailed', { amount: formatMoney(b.card_refund.amount, i18n.language), reason: b.card_refund.reason ?? '', tries: b.card_refund.tries, max: b.card_refund.max_tries })
                  : t('reissue.cardRefundRecovered', { amount: formatMoney(b.card_refund.amount, i18n.language) })}
              </p>
            ) : null}
            {b.refund_quote ? <><h3 className="bk-sub-title">{t('bookings.refund.quoteTitle')}</h3><RefundFigures quote={b.refund_quote} /></> : null}
          </div>
          {b.agent_contact ? <AgentContactCard contact={b.agent_contact} reference={b.pnr} /> : null}
          <div className="card bk-card">
            <h2>{t('bookings.details.fare')}</h2>
            <dl className="bk-dl">
              {b.fare.per_type.map((f) => (<Fragment key={f.type}><dt>{t(`bookings.paxType.${f.type}`)} × {f.count}</dt><dd><MoneyText value={f.total} /></dd></Fragment>))}
              {Number(b.fare.agent_markup.amount) > 0 ? <><dt>{t('bookings.details.agentMarkup')}</dt><dd><MoneyText value={b.fare.agent_markup} /></dd></> : null}
              {extrasTotal ? <><dt>{t('bookings.details.extras')}</dt><dd data-testid="fare-extras"><MoneyText value={extrasTotal} /></dd></> : null}
              <dt>{t('bookings.details.total')}</dt><dd><strong><MoneyText value={b.fare.total} /></strong></dd>
              {b.direct ? <><dt>{t('bookings.details.margin')}</dt><dd><MoneyText value={b.direct.margin} /></dd><dt>{t('bookings.details.payable')}</dt><dd><strong><MoneyText value={b.payable} /></strong></dd></> : null}
              {b.supplier_price ? <>
                <dt>{t('bookings.details.supplierPrice')}</dt><dd><MoneyText value={{ amount: b.supplier_price.amount, currency: b.supplier_price.currency }} /></dd>
                <dt>{t('bookings.details.soldAtRate')}</dt><dd><bdi>{t('bookings.details.rateText', { currency: b.supplier_price.currency, rate: b.supplier_price.rate })}</bdi></dd>
              </> : null}
              {(b.status === 'ticketed' || b.status === 'requested') && Number(b.void_charge.amount) ? <><dt>{t('bookings.details.voidCharge')}</dt><dd><MoneyText value={b.void_charge} /></dd></> : null}
            </dl>
          </div>
          <div className="card bk-card">
            <h2>{t('bookings.details.booking')}</h2>
            <dl className="bk-dl">
              <dt>{t('bookings.cols.pnr')}</dt><dd className="bk-pnr" dir="ltr" data-testid="booking-pnr">{b.pnr}</dd>
              {b.direct?.airline_pnr ? <><dt>{t('bookings.details.airlinePnr')}</dt><dd className="bk-pnr" dir="ltr">{b.direct.airline_pnr}</dd></> : null}
              {b.supplier_price?.airline_reference ? <><dt>{t('bookings.details.airlinePnr')}</dt><dd className="bk-pnr" dir="ltr">{b.supplier_price.airline_reference}</dd></> : null}
              {b.supplier_price?.order_id ? <><dt>{t('bookings.details.supplierOrder')}</dt><dd className="bk-sub" dir="ltr">{b.supplier_price.order_id}</dd></> : null}
              {b.agent ? <><dt>{t('bookings.cols.agent')}</dt><dd>{b.agent.company_name ?? b.agent.name} <span className="bk-sub" dir="ltr">{b.agent.agent_code}</span></dd></> : null}
              <dt>{t('bookings.details.contact')}</dt><dd dir="ltr">{b.main_contact.email}</dd>
              <dt>{t('bookings.details.source')}</dt><dd>{b.direct ? t(`bookings.source.${b.direct.source}`) : b.offline ? t('bookings.offline') : t(`bookings.suppliers.${b.supplier}`, { defaultValue: b.supplier })}</dd>
              <dt>{t('bookings.cols.created')}</dt><dd><DateText value={b.created_at} time /></dd>
              {b.ticketed_at ? <><dt>{t('bookings.details.ticketedAt')}</dt><dd><DateText value={b.ticketed_at} time /></dd></> : null}
            </dl>
          </div>
        </aside>
      </div>
    </section>
  );
}

function Passengers({ b, editable, busy, errors, onSave }: { b: Detail; editable: boolean; busy: boolean; errors: Record<string, string>; onSave: (numbers: string[]) => void }) {
  const { t } = useTranslation();
  const title = useTitleText();
  // The numbers as typed, until saved (the booking reloads with them).
  const [numbers, setNumbers] = useState(() => b.travellers.map((p) => p.ticket_number ?? ''));
  useEffect(() => setNumbers(b.travellers.map((p) => p.ticket_number ?? '')), [b]);
  return (
    <div className="card bk-card">
      <h2>{t('bookings.details.passengers')}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead><tr><th>#</th><th>{t('bookings.details.name')}</th><th>{t('bookings.details.type')}</th><th>{t('bookings.details.documentNo')}</th><th>{t('bookings.details.ticket')}</th></tr></thead>
          <tbody>
            {b.travellers.map((p, i) => (
              <tr key={i}>
                <td data-label="#">{i + 1}</td>
                <td data-label={t('bookings.details.name')}><bdi>{p.last_name}/{p.first_name}</bdi> {title(p.title)}</td>
                <td data-label={t('bookings.details.type')}>{t(`bookings.paxType.${p.type}`)}</td>
                <td data-label={t('bookings.details.documentNo')}><bdi dir="ltr">{p.document_no || '—'}</bdi></td>
                <td data-label={t('bookings.details.ticket')}>{editable ? (
                  <input className="field-input" dir="ltr" aria-label={t('bookings.details.ticket')} value={numbers[i]} onChange={(e) => setNumbers(numbers.map((n, j) => (j === i ? e.target.value : n)))} />
                ) : <span className="code-whole" data-testid={`ticket-${i}`}>{p.ticket_number ?? '—'}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errors.ticket_numbers ? <p className="field-error">{errors.ticket_numbers}</p> : null}
      {editable ? (
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onSave(numbers)}>
            {t('bookings.details.saveTickets')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
