import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightOffer } from '../../../contract/flights';
import { searchFlights } from '../flights/api';
import { describeError } from '../../api/messages';
import { notify } from '../../ui/toast';
import { DataTable, DateText, MoneyText, PageHeader, Submit, TextInput, useLoad, useMutation, type Column } from '../agents/kit';
import './bookings.css';

interface SentQuote { id: number; reference: string; email: string; name: string | null; from_price: { amount: string; currency: string }; created_at: string; print_url: string }
const hm = (iso: string) => iso.slice(11, 16);

/**
 * Quotations (issue 7): search flights, pick up to five offers, and email them to a customer through the outbox;
 * the mail links to a printable view. Agents quote at their prices plus an optional markup; staff at customer prices.
 */
export function Quotation() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState({ origin: 'KHI', destination: 'DXB', date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10), adults: '1' });
  const [offers, setOffers] = useState<FlightOffer[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchErrors, setSearchErrors] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<string[]>([]);
  const [to, setTo] = useState({ email: '', name: '', note: '', markup: '0' });
  const [sent, setSent] = useState<SentQuote | null>(null);
  const { busy, errors, run } = useMutation();
  const recent = useLoad<SentQuote[]>('/flight-quotation');

  async function search(e: FormEvent) {
    e.preventDefault();
    setSearching(true); setSearchErrors({}); setPicked([]);
    try {
      const res = await searchFlights({ flightType: 'one-way', origin: q.origin, destination: q.destination, departure_date: q.date, adults: q.adults, cabin_class: 'Y', limit: 20 });
      setOffers(res.flights);
    } catch (err) {
      const f = describeError(err);
      notify(f.notice);
      setSearchErrors(f.fieldErrors);
    } finally { setSearching(false); }
  }
  async function send(e: FormEvent) {
    e.preventDefault();
    const chosen = (offers ?? []).filter((o) => picked.includes(o.id));
    const res = await run<{ data: SentQuote }>('/send-sooper-quote', { method: 'POST', body: { offers: chosen.map((o) => ({ flight_id: o.id, supplier: o.supplier })), email: to.email, name: to.name || null, note: to.note || null, markup: to.markup || '0', locale: i18n.language === 'ar' ? 'ar' : 'en' } });
    if (res) { setSent(res.data); recent.reload(); }
  }
  const toggle = (id: string) => setPicked(picked.includes(id) ? picked.filter((x) => x !== id) : picked.length >= 5 ? picked : [...picked, id]);

  const columns: Column<FlightOffer>[] = [
    { key: 'pick', label: t('quotes.pick'), render: (o) => <input type="checkbox" aria-label={`${t('quotes.pick')} ${o.validating_airline.name} ${hm(o.journeys[0].departure_at)}`} checked={picked.includes(o.id)} onChange={() => toggle(o.id)} /> },
    { key: 'airline', label: t('quotes.airline'), render: (o) => <>{o.validating_airline.name}<span className="bk-sub" dir="ltr">{o.journeys[0].segments.map((s) => s.flight_number).join(' · ')}</span></> },
    { key: 'times', label: t('quotes.times'), render: (o) => <span dir="ltr">{o.journeys[0].origin} {hm(o.journeys[0].departure_at)} → {o.journeys[0].destination} {hm(o.journeys[0].arriving_at)}</span> },
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
      <DataTable rows={recent.data} columns={recentCols} loading={recent.loading} empty={t('quotes.none')} caption={t('quotes.recent')} />
    </section>
  );
}
