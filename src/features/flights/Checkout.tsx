import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { ContactInput, PassengerInput, passengerTravelErrors, passportsExpiringSoon, type FareSummary } from '../../../contract/bookings';
import type { FlightOfferDetail, PaxType } from '../../../contract/flights';
import type { PayWith } from '../../../contract/pay-with';
import { agreeTitleAndGender } from '../../../contract/agents';
import { parseMinor, toMoney } from '../../../contract/money';
import { DatePicker } from '../../components/date-picker/DatePicker';
import { translateServer } from '../../i18n';
import { firstIssues } from '../../ui/form';
import { JourneyDetails, JourneyLine } from './OfferCard';
import type { SavedTraveller } from './api';
import { countryOptions } from '../../ui/countries';
import { flowActor, loadPreviousSearch, useFlow } from './flow';
import { formatMoney, formatDay } from './format';
import { resultsPath, searchPath, useFlowRole } from './useRole';
import { searchHref } from './SearchForm';
import { useUser } from '../../app/auth';
import './flights.css';
import './checkout-strings';

type PaxForm = Record<'type' | 'title' | 'first_name' | 'last_name' | 'gender' | 'dob' | 'nationality' | 'document_type' | 'document_no' | 'expiry_date' | 'issue_country', string>;
const blank = (type: PaxType): PaxForm => ({ type, title: type === 'ADT' ? 'Mr' : 'Mstr', first_name: '', last_name: '', gender: 'M', dob: '', nationality: 'PK', document_type: 'passport', document_no: '', expiry_date: '', issue_country: 'PK' });
const TITLES: Record<PaxType, string[]> = { ADT: ['Mr', 'Mrs', 'Ms'], CNN: ['Mstr', 'Miss'], INF: ['Mstr', 'Miss'] };

/** The fare as the server priced it: per passenger type, taxes, the agent's markup and the total. */
export function FareSummaryBox({ offer, fare, markup }: { offer?: FlightOfferDetail | null; fare?: FareSummary | null; markup?: string | null }) {
  const { t, i18n } = useTranslation();
  const per = fare?.per_type ?? offer?.fares ?? [];
  const currency = fare?.total.currency ?? offer?.price.currency ?? 'PKR';
  const m = fare ? parseMinor(fare.agent_markup.amount) ?? 0 : markup ? parseMinor(markup) ?? 0 : 0;
  const total = fare?.total ?? (offer ? toMoney((parseMinor(offer.price.amount) ?? 0) + m, currency) : null);
  return (
    <aside className="card fare-summary" aria-label={t('checkout.fareSummary')}>
      <h2>{t('checkout.fareSummary')}</h2>
      <table className="fare-table">
        <tbody>
          {per.map((p) => (
            <tr key={p.type}><th scope="row">{t(`checkout.paxType.${p.type}`)} × {p.count}</th><td>{formatMoney(p.total, i18n.language)}</td></tr>
          ))}
          {per.map((p) => (
            <tr key={`${p.type}-tax`} className="muted small"><th scope="row">{t('checkout.baseTaxes', { type: t(`checkout.paxType.${p.type}`) })}</th><td>{formatMoney(p.base, i18n.language)} + {formatMoney(p.taxes, i18n.language)}</td></tr>
          ))}
          {m > 0 ? <tr><th scope="row">{t('checkout.agentMarkup')}</th><td>{formatMoney(toMoney(m, currency), i18n.language)}</td></tr> : null}
        </tbody>
        <tfoot><tr><th scope="row">{t('checkout.total')}</th><td data-testid="fare-total">{formatMoney(total, i18n.language)}</td></tr></tfoot>
      </table>
      <p className="muted small">{t('checkout.pricedByServer')}</p>
    </aside>
  );
}

export default function Checkout() {
  const { t, i18n } = useTranslation();
  const role = useFlowRole();
  const actor = flowActor(role);
  const state = useFlow(actor);
  const user = useUser();
  const { offer, booking, failure } = state.context;
  const prev = loadPreviousSearch();

  if (!offer && !booking) {
    return (
      <div className="flights-page">
        <div className="card state-card">
          <h1>{t('checkout.nothingSelected')}</h1>
          <Link href={prev ? searchHref(resultsPath(role), prev) : searchPath(role)} className="btn btn-primary">{t('checkout.backToResults')}</Link>
        </div>
      </div>
    );
  }
  const step = state.matches('passengers') ? 1 : ['review', 'booking', 'priceChanged', 'insufficientBalance', 'bookingFailed'].some((s) => state.matches(s as never)) ? 2 : 3;
  return (
    <div className="flights-page checkout">
      <h1 className="checkout-title">{t('checkout.title')}</h1>
      <ol className="steps" aria-label={t('checkout.steps')}>
        {(['passengers', 'review', 'done'] as const).map((s, i) => <li key={s} className={step === i + 1 ? 'is-current' : step > i + 1 ? 'is-done' : ''} aria-current={step === i + 1 ? 'step' : undefined}>{t(`checkout.step.${s}`)}</li>)}
      </ol>
      <div className="checkout-layout">
        <div className="checkout-main">
          {offer ? (
            <section className="card itinerary-card">
              <h2>{t('checkout.itinerary')}</h2>
              {offer.journeys.map((j, i) => <JourneyLine key={i} j={j} />)}
              <details><summary>{t('flights.flightDetails')}</summary>{offer.journeys.map((j, i) => <JourneyDetails key={i} j={j} />)}</details>
            </section>
          ) : null}
          {state.matches('passengers') && offer ? <PassengersForm offer={offer} role={role} email={user?.email ?? ''} onSubmit={(p) => actor.send(p)} serverErrors={state.context.fieldErrors} initial={state.context} saved={state.context.savedTravellers ?? []} /> : null}
          {step === 2 ? <Review state={state} send={actor.send} /> : null}
          {state.matches('held') && booking ? (
            <section className="card state-card" data-testid="booking-held">
              <h2>{t('checkout.held.title', { pnr: booking.pnr })}</h2>
              <p>{t('checkout.held.text', { time: booking.hold_expires_at ? new Date(booking.hold_expires_at).toLocaleTimeString(i18n.language) : '' })}</p>
              <div className="button-row">
                <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'PAY_CARD', payWith: 'card' })}>{t('checkout.payCard')}</button>
                {offer?.pay_with?.includes('jazzcash') ? <button type="button" className="btn btn-secondary" data-testid="held-pay-jazzcash" onClick={() => actor.send({ type: 'PAY_CARD', payWith: 'jazzcash' })}>{t('checkout.payJazzCash')}</button> : null}
                <Link className="btn btn-secondary" href={bookingHref(booking.pnr, booking.main_contact.email, role)}>{t('checkout.viewBooking')}</Link>
              </div>
            </section>
          ) : null}
          {state.matches('confirmed') && booking ? (
            <section className="card state-card" data-testid="booking-confirmed">
              <h2>{t('checkout.confirmed.title', { pnr: booking.pnr })}</h2>
              <p>{t('checkout.confirmed.text')}</p>
              <Link className="btn btn-primary" href={bookingHref(booking.pnr, booking.main_contact.email, role)}>{t('checkout.viewBooking')}</Link>
            </section>
          ) : null}
          {(state.matches('redirecting') || state.matches('startingPayment')) ? (
            <section className="card state-card"><span className="spinner-lg" aria-hidden="true" /><h2>{t('checkout.redirecting')}</h2></section>
          ) : null}
          {state.matches('paymentFailed') && failure ? <p className="form-alert" role="alert">{failure.notice?.text ? translateServer(failure.notice.text) : t('errors.generic')}</p> : null}
        </div>
        <FareSummaryBox offer={offer} fare={booking?.fare ?? (state.matches('priceChanged') ? state.context.newFare : null)} markup={state.context.agentMarkup} />
      </div>
    </div>
  );
}

export const bookingHref = (pnr: string, email: string, role?: string) =>
  `${role === 'agent' ? '/agent/agent-booking-details' : '/booking'}?pnr=${encodeURIComponent(pnr)}&email=${encodeURIComponent(email)}`;

function Review({ state, send }: { state: ReturnType<typeof useFlow>; send: (e: never) => void }) {
  const { t } = useTranslation();
  const c = state.context;
  const busy = state.matches('booking');
  const confirm = (method: 'hold' | 'wallet' | 'card', payWith: PayWith = 'card') => send({ type: 'CONFIRM', method, payWith } as never);
  const jazzCash = !!c.offer?.pay_with?.includes('jazzcash');
  return (
    <section className="card review" aria-busy={busy}>
      <h2>{t('checkout.review')}</h2>
      <ul className="review-pax">
        {c.travellers.map((p, i) => <li key={i}><strong>{t(`checkout.titles.${p.title}`)} {p.first_name} {p.last_name}</strong> <span className="muted">({t(`checkout.paxType.${p.type}`)}, {p.dob}, {p.document_no})</span></li>)}
      </ul>
      <p className="muted"><bdi>{c.contact?.email}</bdi> · <bdi>{c.contact?.phone}</bdi></p>
      {state.matches('priceChanged') ? (
        <div className="form-alert" role="alert" data-testid="price-changed">
          <p>{t('checkout.priceChanged')}</p>
          <div className="button-row">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'ACCEPT_PRICE' } as never)}>{t('checkout.acceptPrice')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'BACK' } as never)}>{t('checkout.backToResults')}</button>
          </div>
        </div>
      ) : null}
      {state.matches('insufficientBalance') ? (
        <div className="form-alert" role="alert" data-testid="insufficient">
          <p><strong>{t('checkout.insufficient')}</strong></p>
          <p>{t('checkout.insufficientHint')}</p>
          <div className="button-row">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'HOLD_INSTEAD' } as never)}>{t('checkout.holdInstead')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'BACK' } as never)}>{t('common.back', { defaultValue: t('checkout.back') })}</button>
          </div>
        </div>
      ) : null}
      {state.matches('bookingFailed') ? (
        <div className="form-alert" role="alert">
          <p>{c.failure?.notice?.text ? translateServer(c.failure.notice.text) : t('errors.generic')}</p>
          {Object.entries(c.fieldErrors).map(([k, m]) => <p key={k} className="small">{k}: {translateServer(m)}</p>)}
          <div className="button-row">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' } as never)}>{t('flights.retry')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'BACK' } as never)}>{t('checkout.editPassengers')}</button>
          </div>
        </div>
      ) : null}
      {state.matches('review') || busy ? (
        <div className="pay-options">
          <h3>{t('checkout.howToPay')}</h3>
          <div className="button-row">
            {c.role === 'agent' ? <button type="button" className="btn btn-primary" disabled={busy} onClick={() => confirm('wallet')} data-testid="pay-wallet">{t('checkout.payWallet')}</button> : null}
            <button type="button" className={`btn ${c.role === 'agent' ? 'btn-secondary' : 'btn-primary'}`} disabled={busy} onClick={() => confirm('card')} data-testid="pay-card">{t('checkout.payCard')}</button>
            {jazzCash ? <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => confirm('card', 'jazzcash')} data-testid="pay-jazzcash">{t('checkout.payJazzCash')}</button> : null}
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => confirm('hold')} data-testid="hold">{t('checkout.hold')}</button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => send({ type: 'BACK' } as never)}>{t('checkout.editPassengers')}</button>
          </div>
          {busy ? <p className="muted" aria-live="polite"><span className="spinner" aria-hidden="true" /> {t('checkout.booking')}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

function PassengersForm({ offer, role, email, onSubmit, serverErrors, initial, saved }: {
  offer: FlightOfferDetail; role: string; email: string; serverErrors: Record<string, string>; saved: SavedTraveller[];
  initial: { travellers: v.InferOutput<typeof PassengerInput>[]; contact: v.InferOutput<typeof ContactInput> | null; agentMarkup: string | null };
  onSubmit: (e: never) => void;
}) {
  const { t, i18n } = useTranslation();
  const types = useMemo<PaxType[]>(() => [
    ...Array<PaxType>(offer.passengers.adults).fill('ADT'), ...Array<PaxType>(offer.passengers.children).fill('CNN'), ...Array<PaxType>(offer.passengers.infants).fill('INF'),
  ], [offer]);
  const [pax, setPax] = useState<PaxForm[]>(() => types.map((ty, i) => (initial.travellers[i] ? { ...(initial.travellers[i] as unknown as PaxForm) } : blank(ty))));
  const [contact, setContact] = useState(() => initial.contact ?? { email, phone: '', country: 'PK' });
  const [markup, setMarkup] = useState(initial.agentMarkup ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const first = offer.journeys[0].departure_at.slice(0, 10);
  const last = offer.journeys[offer.journeys.length - 1].arriving_at.slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const err = (k: string) => errors[k] ?? serverErrors[k];
  const setP = (i: number, patch: Partial<PaxForm>) => setPax((o) => o.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const soon = passportsExpiringSoon(pax, last);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const out: Record<string, string> = {};
    const parsed = pax.map((p, i) => {
      const r = v.safeParse(PassengerInput, p);
      if (!r.success) for (const [k, m] of Object.entries(firstIssues(r.issues))) out[`travellers.${i}.${k}`] ??= m;
      return r.success ? r.output : null;
    });
    const c = v.safeParse(ContactInput, contact);
    if (!c.success) for (const [k, m] of Object.entries(firstIssues(c.issues))) out[`main_contact.${k}`] ??= m;
    Object.assign(out, Object.fromEntries(Object.entries(passengerTravelErrors(pax.map((p) => ({ type: p.type as PaxType, dob: p.dob, expiry_date: p.expiry_date })), first, last, today)).filter(([k]) => !out[k])));
    if (role === 'agent' && markup && parseMinor(markup) === null) out.agent_markup = t('checkout.markupInvalid');
    setErrors(out);
    if (Object.keys(out).length || !c.success || parsed.some((p) => !p)) return;
    onSubmit({ type: 'SUBMIT_PASSENGERS', travellers: parsed as never, contact: c.output, agentMarkup: role === 'agent' && markup ? markup : null, idempotencyKey: crypto.randomUUID() } as never);
  };

  const countrySelect = (label: string, value: string, onChange: (v: string) => void, key: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <select className="field-input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!err(key)}>
        {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
      </select>
      {err(key) ? <span className="field-error">{translateServer(err(key)!)}</span> : null}
    </label>
  );
  const text = (label: string, value: string, onChange: (v: string) => void, key: string, extra: Record<string, string> = {}) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input className="field-input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!err(key)} dir="auto" name={key} {...extra} />
      {err(key) ? <span className="field-error">{translateServer(err(key)!)}</span> : null}
    </label>
  );

  return (
    <form className="passengers" onSubmit={submit} noValidate>
      {pax.map((p, i) => (
        <fieldset key={i} className="card pax-card" data-testid={`pax-${i}`}>
          <legend>{t('checkout.passenger', { n: i + 1 })} · {t(`checkout.paxType.${p.type}`)}</legend>
          {role === 'agent' && saved.length ? (
            <label className="field saved-pick">
              <span className="field-label">{t('checkout.savedTraveller')}</span>
              <select className="field-input" value="" onChange={(e) => {
                const s = saved.find((x) => String(x.id) === e.target.value);
                if (s) setP(i, { title: s.title, first_name: s.first_name, last_name: s.last_name, gender: s.gender, dob: s.dob, nationality: s.nationality, document_type: s.document_type, document_no: s.document_no, expiry_date: s.expiry_date, issue_country: s.issue_country });
              }}>
                <option value="">{t('checkout.chooseSaved')}</option>
                {saved.filter((s) => s.type === p.type).map((s) => <option key={s.id} value={s.id}>{s.title} {s.first_name} {s.last_name} · {s.document_no}</option>)}
              </select>
            </label>
          ) : null}
          <div className="form-grid">
            <label className="field">
              <span className="field-label">{t('checkout.fields.title')}</span>
              <select className="field-input" name={`travellers.${i}.title`} value={p.title} onChange={(e) => setP(i, agreeTitleAndGender(p, { title: e.target.value }))} aria-invalid={!!err(`travellers.${i}.title`)}>{TITLES[p.type as PaxType].map((x) => <option key={x} value={x}>{t(`checkout.titles.${x}`)}</option>)}</select>
              {err(`travellers.${i}.title`) ? <span className="field-error">{translateServer(err(`travellers.${i}.title`)!)}</span> : null}
            </label>
            {text(t('checkout.fields.firstName'), p.first_name, (x) => setP(i, { first_name: x }), `travellers.${i}.first_name`, { autoComplete: i === 0 ? 'given-name' : 'off' })}
            {text(t('checkout.fields.lastName'), p.last_name, (x) => setP(i, { last_name: x }), `travellers.${i}.last_name`, { autoComplete: i === 0 ? 'family-name' : 'off' })}
            <label className="field">
              <span className="field-label">{t('checkout.fields.gender')}</span>
              <select className="field-input" value={p.gender} onChange={(e) => setP(i, agreeTitleAndGender(p, { gender: e.target.value }))}><option value="M">{t('checkout.gender.M')}</option><option value="F">{t('checkout.gender.F')}</option></select>
            </label>
            <DatePicker label={t('checkout.fields.dob')} value={p.dob || null} onChange={(d) => setP(i, { dob: d ?? '' })} max={today} initialView="years" error={err(`travellers.${i}.dob`) ? translateServer(err(`travellers.${i}.dob`)!) : null} testId={`dob-${i}`} />
            {countrySelect(t('checkout.fields.nationality'), p.nationality, (x) => setP(i, { nationality: x }), `travellers.${i}.nationality`)}
            <label className="field">
              <span className="field-label">{t('checkout.fields.documentType')}</span>
              <select className="field-input" value={p.document_type} onChange={(e) => setP(i, { document_type: e.target.value })}><option value="passport">{t('checkout.document.passport')}</option><option value="national_id">{t('checkout.document.national_id')}</option></select>
            </label>
            {text(t('checkout.fields.documentNo'), p.document_no, (x) => setP(i, { document_no: x.toUpperCase() }), `travellers.${i}.document_no`)}
            {/* No minimum: an early date is refused by the passport rule, which says why, not by the picker. */}
            <DatePicker label={t('checkout.fields.expiry')} value={p.expiry_date || null} onChange={(d) => setP(i, { expiry_date: d ?? '' })} initialView="months" error={err(`travellers.${i}.expiry_date`) ? translateServer(err(`travellers.${i}.expiry_date`)!) : null} hint={soon.includes(i) ? t('checkout.passportSoon') : null} testId={`expiry-${i}`} />
            {countrySelect(t('checkout.fields.issueCountry'), p.issue_country, (x) => setP(i, { issue_country: x }), `travellers.${i}.issue_country`)}
          </div>
          <p className="muted small">{t(`checkout.ageRule.${p.type}`, { date: formatDay(first, i18n.language) })}</p>
        </fieldset>
      ))}
      <fieldset className="card pax-card">
        <legend>{t('checkout.contact')}</legend>
        <div className="form-grid">
          {text(t('checkout.fields.email'), contact.email, (x) => setContact({ ...contact, email: x }), 'main_contact.email', { type: 'email', autoComplete: 'email' })}
          {text(t('checkout.fields.phone'), contact.phone, (x) => setContact({ ...contact, phone: x }), 'main_contact.phone', { type: 'tel', autoComplete: 'tel' })}
          {countrySelect(t('checkout.fields.country'), contact.country, (x) => setContact({ ...contact, country: x }), 'main_contact.country')}
        </div>
      </fieldset>
      {role === 'agent' ? (
        <fieldset className="card pax-card">
          <legend>{t('checkout.agentMarkup')}</legend>
          {text(t('checkout.markupLabel'), markup, setMarkup, 'agent_markup', { inputMode: 'decimal', placeholder: '0.00' })}
        </fieldset>
      ) : null}
      {Object.keys(errors).length ? <p className="form-alert" role="alert">{t('checkout.fixErrors')}</p> : null}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" data-testid="continue">{t('checkout.continue')}</button>
      </div>
    </form>
  );
}
