import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { titleText } from '../../../contract/titles';
import { passportsExpiringSoon } from '../../../contract/bookings';
import { toMoney } from '../../../contract/money';
import type { PackageKind } from '../../../contract/package-bookings';
import { packageBookingMachine, perPersonMinor } from '../../../machines/package-booking';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { formatDate, formatMoney } from '../../ui/format';
import { useMachineScreen } from '../../ui/machines';
import { localDay } from '../trips/trips';
import { packageBookingActors } from './api';
import { rememberGuestEmail } from './guest-email';
import { ChoiceStep } from './ChoiceStep';
import { TravellersForm } from './TravellersForm';
import { ReaderText } from '../public/catalogue/localized';
import { PackagePlace, UmrahHotels } from './place';
import '../flights/flights.css';
import './package-bookings.css';
import './strings';

const STEPS = ['choose', 'travellers', 'review'] as const;

/**
 * /package/book?kind=umrah&id=3: the booking flow of machines/package-booking.ts. The view renders the snapshot
 * and sends events; the card checkout is the provider's page, which comes back to /payment-result.
 */
export default function PackageBookPage() {
  const { t, i18n } = useTranslation();
  const qs = new URLSearchParams(useSearch());
  const kind: PackageKind = qs.get('kind') === 'holiday' ? 'holiday' : 'umrah';
  const id = Number(qs.get('id'));
  const user = useUser();
  const valid = Number.isInteger(id) && id > 0;
  const [state, send] = useMachineScreen(packageBookingMachine, {
    actors: packageBookingActors(() => i18n.language),
    input: { kind, packageId: valid ? id : 0, role: user?.role ?? null, today: localDay() },
    on: (e) => {
      if (e.type !== 'checkout' || typeof e.url !== 'string') return;
      rememberGuestEmail(String(e.reference), String(e.email));
      window.location.assign(e.url);
    },
  });
  const c = state.context;
  const step = state.matches('choosing') || state.matches('loading') ? 0 : state.matches('travellers') ? 1 : 2;
  useEffect(() => { window.scrollTo({ top: 0 }); }, [step]);
  const back = kind === 'umrah' ? { href: `/umrah-package-details?id=${id}`, label: t('packageBookings.backToPackage') } : { href: `/holiday-details?id=${id}`, label: t('packageBookings.backToPackage') };

  if (!valid || state.matches('loadFailed')) {
    const text = c.failure?.notice?.text;
    return (
      <div className="flights-page"><div className="card state-card" role="alert">
        <h1>{valid && text ? translateServer(text) : t('packageBookings.missing')}</h1>
        <div className="button-row">
          {valid ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button> : null}
          <Link href={kind === 'umrah' ? '/umra-packages' : '/holidays'} className="btn btn-secondary">{t('packageBookings.allPackages')}</Link>
        </div>
      </div></div>
    );
  }
  if (!c.offer) return <div className="flights-page" aria-busy="true"><span className="spinner-lg" aria-hidden="true" /></div>;
  const offer = c.offer;
  const title = (i18n.language === 'ar' && offer.title_ar) || offer.title;
  const departure = offer.departures.find((d) => d.id === c.departureId) ?? null;
  const per = perPersonMinor(c);
  const total = per !== null ? toMoney(per * c.count, offer.sharings[0]?.per_person.currency) : null;

  if (state.matches('redirecting')) return <div className="flights-page"><section className="card state-card"><span className="spinner-lg" aria-hidden="true" /><h2>{t('packageBookings.redirecting')}</h2></section></div>;
  if (state.matches('done') && c.booking) {
    return (
      <div className="flights-page"><section className="card state-card" data-testid="package-booked">
        <h1>{t('packageBookings.paidTitle')}</h1>
        <p>{t('packageBookings.paidLead', { reference: c.booking.reference })}</p>
        <Link href={`/package-booking?reference=${encodeURIComponent(c.booking.reference)}`} className="btn btn-primary">{t('packageBookings.viewBooking')}</Link>
      </section></div>
    );
  }
  return (
    <div className="flights-page checkout pk-book">
      {/* The title (English where the package has no Arabic) isolated in the sentence, so it reads in its own direction. */}
      <h1 className="checkout-title">{t('packageBookings.bookTitle', { title: `\u2068${title}\u2069` })}</h1>
      <p className="muted" data-testid="package-place">{offer.place ? <><PackagePlace item={offer} /> · </> : null}{t('packageBookings.days', { count: offer.days })}</p>
      <ol className="steps" aria-label={t('packageBookings.steps')}>
        {STEPS.map((s, i) => <li key={s} className={step === i ? 'is-current' : step > i ? 'is-done' : ''} aria-current={step === i ? 'step' : undefined}>{t(`packageBookings.step.${s}`)}</li>)}
      </ol>
      <div className="checkout-layout">
        <div className="checkout-main">
          {state.matches('choosing') || state.matches('loading') ? <ChoiceStep offer={offer} context={c} busy={state.matches('loading')} send={send} back={back} /> : null}
          {state.matches('travellers') ? (
            <TravellersForm count={c.count} initial={c.form} email={user?.email ?? ''} errors={c.fieldErrors} returnDate={departure?.return_date ?? null}
              onEdit={(form) => send({ type: 'EDIT_TRAVELLERS', form })} onSubmit={(form) => send({ type: 'SUBMIT_TRAVELLERS', form, idempotencyKey: c.idempotencyKey || crypto.randomUUID() })} onBack={() => send({ type: 'BACK' })} />
          ) : null}
          {state.matches('review') || state.matches('booking') ? (
            <section className="card pk-review" data-testid="package-review">
              <h2>{t('packageBookings.step.review')}</h2>
              <ul className="pk-names">{c.form?.travellers.map((p, i) => <li key={i} dir="auto">{titleText(p.title, i18n.language)} {p.first_name} {p.last_name}</li>)}</ul>
              <p className="muted">{c.form?.contact.email}</p>
              {departure && c.form ? passportsExpiringSoon(c.form.travellers.map((p) => ({ expiry_date: p.passport_expiry })), departure.return_date).map((i) => (
                <p key={i} className="form-alert" role="status" data-testid="passport-warning">{t('packageBookings.passportSoon', { name: `${c.form!.travellers[i].first_name} ${c.form!.travellers[i].last_name}` })}</p>
              )) : null}
              <div className="button-row">
                <button type="button" className="btn btn-primary" disabled={state.matches('booking')} onClick={() => send({ type: 'CONFIRM', method: 'card' })} data-testid="pay-card">{t('packageBookings.payCard')}</button>
                {user?.role === 'agent' ? <button type="button" className="btn btn-secondary" disabled={state.matches('booking')} onClick={() => send({ type: 'CONFIRM', method: 'wallet' })} data-testid="pay-wallet">{t('packageBookings.payWallet')}</button> : null}
                <button type="button" className="btn btn-ghost" disabled={state.matches('booking')} onClick={() => send({ type: 'BACK' })}>{t('packageBookings.back')}</button>
              </div>
            </section>
          ) : null}
        </div>
        <aside className="card pk-summary" aria-label={t('packageBookings.summary')} data-testid="package-summary">
          <h2><ReaderText en={offer.title} ar={offer.title_ar} /></h2>
          <dl className="pk-facts">
            {offer.hotels ? <div><dt>{t('packageBookings.hotels')}</dt><dd><UmrahHotels hotels={offer.hotels} /></dd></div> : null}
            <div><dt>{t('packageBookings.departure')}</dt><dd>{departure ? `${formatDate(departure.departure_date, i18n.language)} – ${formatDate(departure.return_date, i18n.language)}` : '—'}</dd></div>
            <div><dt>{t('packageBookings.sharingLabel')}</dt><dd>{c.sharing ? t(`packageBookings.sharing.${c.sharing}`) : '—'}</dd></div>
            <div><dt>{t('packageBookings.perPerson')}</dt><dd>{per !== null ? formatMoney(toMoney(per, offer.sharings[0]?.per_person.currency), i18n.language) : '—'}</dd></div>
            <div><dt>{t('packageBookings.travellers')}</dt><dd>{c.count}</dd></div>
          </dl>
          <p className="pk-total"><span>{t('packageBookings.total')}</span> <strong data-testid="package-total">{formatMoney(total, i18n.language)}</strong></p>
          <p className="muted pk-note">{t('packageBookings.adultsOnly')}</p>
        </aside>
      </div>
    </div>
  );
}
