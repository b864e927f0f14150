import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightOffer } from '../../../contract/flights';
import { MAX_PICKED, quotationMachine, type SentQuote } from '../../../machines/quotation';
import { Submit, TextInput } from '../../ui/fields';
import { DataTable, type Column } from '../../ui/table';
import { PageHeader } from '../../ui/page';
import { formatClock } from '../../../contract/format/time';
import { flightNumberText } from '../../../contract/format/flight-number';
import { DateText, MoneyText } from '../../ui/format';
import { quotationActors } from './api';
import { useNoticeMachine } from './useNoticeMachine';
import { useAirlineName } from '../../i18n/places';
import './bookings.css';

const machine = quotationMachine.provide({ actors: quotationActors });

/**
 * Quotations: search flights, pick up to five offers, and email them to a customer through the outbox;
 * the mail links to a printable view. Agents quote at their prices plus an optional markup; staff at customer
 * prices. The flow is the quotation machine's; this screen keeps only what is being typed.
 */
export function Quotation() {
  const { t } = useTranslation();
  const airline = useAirlineName();
  const [q, setQ] = useState({ origin: 'KHI', destination: 'DXB', date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10), adults: '1' });
  const [to, setTo] = useState({ email: '', name: '', note: '', markup: '0' });
  const [state, , actor] = useNoticeMachine(machine);
  const { offers, picked, sent, recent, searchErrors, sendErrors: errors } = state.context;
  const searching = state.matches({ flow: 'searching' });
  const busy = state.matches({ flow: 'sending' });

  const search = (e: FormEvent) => { e.preventDefault(); actor.send({ type: 'SEARCH', query: q }); };
  const send = (e: FormEvent) => { e.preventDefault(); actor.send({ type: 'SEND', recipient: to }); };
  const toggle = (id: string) => actor.send({ type: 'TOGGLE', id });

  const columns: Column<FlightOffer>[] = [
    { key: 'pick', label: t('quotes.pick'), render: (o) => <input type="checkbox" aria-label={`${t('quotes.pick')} ${airline(o.validating_airline)} ${formatClock(o.journeys[0].departure_at)}`} checked={picked.includes(o.id)} disabled={busy || (!picked.includes(o.id) && picked.length >= MAX_PICKED)} onChange={() => toggle(o.id)} /> },
    { key: 'airline', label: t('quotes.airline'), render: (o) => <>{airline(o.validating_airline)}<span className="bk-sub" dir="ltr">{o.journeys[0].segments.map((s) => flightNumberText(s.airline.code, s.flight_number)).join(' · ')}</span></> },
    { key: 'times', label: t('quotes.times'), render: (o) => <span dir="ltr">{o.journeys[0].origin} {formatClock(o.journeys[0].departure_at)} → {o.journeys[0].destination} {formatClock(o.journeys[0].arriving_at)}</span> },
    { key: 'stops', label: t('quotes.stops'), render: (o) => (o.stops ? t('quotes.stopsCount', { count: o.stops }) : t('quotes.nonstop')) },
    { key: 'price', label: t('quotes.price'), align: 'end', render: (o) => <MoneyText value={o.price} /> },
  ];
  const recentCols: Column<SentQuote>[] = [
    { key: 'ref', label: t('quotes.reference'), render: (r) => <a href={r.print_url} target="_blank" rel="noreferrer" className="bk-pnr" dir="ltr">{r.reference}</a> },
    { key: 'to', label: t('quotes.email'), render: (r) => <span dir="ltr">{r.email}</span> },
    { key: 'from', label: t('quotes.fromPrice'), align: 'end', render: (r) => <MoneyText value={r.from_price} /> },
    { key: 'at', label: t('quotes.sentAt'), render: (r) => <DateText value={r.created_at} time /> },
  ];

  return (
    <section className="bk-list bk-rows">
      <PageHeader title={t('quotes.title')} subtitle={t('quotes.subtitle')} />
      <form className="card bk-card" onSubmit={search} noValidate>
        <div className="bk-row">
          <TextInput name="origin" label={t('quotes.from')} dir="ltr" value={q.origin} onChange={(v) => setQ({ ...q, origin: v.toUpperCase() })} error={searchErrors.origin} />
          <TextInput name="destination" label={t('quotes.to')} dir="ltr" value={q.destination} onChange={(v) => setQ({ ...q, destination: v.toUpperCase() })} error={searchErrors.destination} />
          <TextInput name="date" type="date" label={t('quotes.date')} value={q.date} onChange={(v) => setQ({ ...q, date: v })} error={searchErrors.departure_date} />
          <TextInput name="adults" inputMode="numeric" label={t('quotes.adults')} value={q.adults} onChange={(v) => setQ({ ...q, adults: v })} error={searchErrors.adults} />
          <div className="form-actions"><Submit busy={searching}>{t('quotes.search')}</Submit></div>
        </div>
      </form>
      {offers ? <DataTable rows={offers} columns={columns} loading={searching} empty={t('quotes.noFlights')} caption={t('quotes.title')} /> : null}
      {offers?.length ? (
        <form className="card bk-card" onSubmit={send} noValidate>
          <h2>{t('quotes.send', { count: picked.length })}</h2>
          {errors.offers ? <p className="field-error" role="alert">{errors.offers}</p> : null}
          <div className="bk-row">
            <TextInput name="email" type="email" dir="ltr" label={t('quotes.email')} required value={to.email} onChange={(v) => setTo({ ...to, email: v })} error={errors.email} />
            <TextInput name="name" label={t('quotes.name')} value={to.name} onChange={(v) => setTo({ ...to, name: v })} />
            <TextInput name="markup" inputMode="decimal" dir="ltr" label={t('quotes.markup')} value={to.markup} onChange={(v) => setTo({ ...to, markup: v })} error={errors.markup} />
          </div>
          <TextInput name="note" label={t('quotes.note')} value={to.note} onChange={(v) => setTo({ ...to, note: v })} />
          <div className="form-actions"><Submit busy={busy}>{t('quotes.sendButton')}</Submit></div>
          {sent ? <p className="bk-note">{t('quotes.sent', { reference: sent.reference })} <a href={sent.print_url} target="_blank" rel="noreferrer">{t('quotes.print')}</a></p> : null}
        </form>
      ) : null}
      <h2 className="bk-dialog-title">{t('quotes.recent')}</h2>
      {state.matches({ recent: 'failed' }) ? (
        <div className="card state-card"><p>{t('errors.generic')}</p><button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'RELOAD_RECENT' })}>{t('flights.retry')}</button></div>
      ) : <DataTable rows={recent} columns={recentCols} loading={state.matches({ recent: 'loading' })} empty={t('quotes.none')} caption={t('quotes.recent')} />}
    </section>
  );
}
