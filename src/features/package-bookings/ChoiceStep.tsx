import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { PACKAGE_LIMITS, type PackageOffer } from '../../../contract/package-bookings';
import type { PackageBookingContext, PackageBookingEvent } from '../../../machines/package-booking';
import { formatDate, formatMoney } from '../../ui/format';
import './strings';

/** The first step: a departure with places left, a room sharing at its per-person price, how many travel. */
export function ChoiceStep({ offer, context: c, busy, send, back }: {
  offer: PackageOffer; context: PackageBookingContext; busy: boolean; send: (e: PackageBookingEvent) => void; back: { href: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const departure = offer.departures.find((d) => d.id === c.departureId);
  const max = Math.min(departure?.seats_available ?? PACKAGE_LIMITS.maxTravellers, PACKAGE_LIMITS.maxTravellers);
  return (
    <section className="card pk-choice" aria-busy={busy}>
      <fieldset className="pk-options" data-testid="departures">
        <legend>{t('packageBookings.chooseDeparture')}</legend>
        {offer.departures.length === 0 ? <p className="muted">{t('packageBookings.noDepartures')}</p> : offer.departures.map((d) => (
          <label key={d.id} className={`pk-option${d.seats_available === 0 ? ' is-full' : ''}`}>
            <input type="radio" name="departure" checked={c.departureId === d.id} disabled={d.seats_available === 0} onChange={() => send({ type: 'SELECT_DEPARTURE', id: d.id })} data-testid={`departure-${d.departure_date}`} />
            <span className="pk-option-main">{formatDate(d.departure_date, i18n.language)} – {formatDate(d.return_date, i18n.language)}</span>
            <span className="pk-option-side">{d.seats_available === 0 ? t('packageBookings.full') : t('packageBookings.placesLeft', { count: d.seats_available })}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="pk-options" data-testid="sharings">
        <legend>{t('packageBookings.chooseSharing')}</legend>
        {offer.sharings.map((s) => (
          <label key={s.sharing} className="pk-option">
            <input type="radio" name="sharing" checked={c.sharing === s.sharing} onChange={() => send({ type: 'SELECT_SHARING', sharing: s.sharing })} data-testid={`sharing-${s.sharing}`} />
            <span className="pk-option-main">{t(`packageBookings.sharing.${s.sharing}`)}</span>
            <span className="pk-option-side">{t('packageBookings.pricePerPerson', { price: formatMoney(s.per_person, i18n.language) })}</span>
          </label>
        ))}
        {offer.kind === 'holiday' ? <p className="muted pk-note">{t('packageBookings.holidayOnePrice')}</p> : null}
      </fieldset>
      <label className="field pk-count">
        <span className="field-label">{t('packageBookings.howMany')}</span>
        <input className="field-input" type="number" inputMode="numeric" min={1} max={max} value={c.count} onChange={(e) => send({ type: 'SET_COUNT', count: Number(e.target.value) })} data-testid="traveller-count" />
        {departure && c.count > departure.seats_available ? <span className="field-error" role="alert">{t('packageBookings.tooFew', { count: departure.seats_available })}</span> : null}
      </label>
      <div className="button-row">
        <button type="button" className="btn btn-primary" disabled={busy || !departure || c.count > departure.seats_available} onClick={() => send({ type: 'NEXT' })} data-testid="choice-next">{t('packageBookings.continue')}</button>
        <Link href={back.href} className="btn btn-ghost">{back.label}</Link>
      </div>
    </section>
  );
}
