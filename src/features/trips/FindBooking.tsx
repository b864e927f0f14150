import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { lookupPath } from '../../../machines/booking-lookup';
import { Icon } from '../../ui/Icon';
import '../../ui/form.css';
import './trips.css';
import './strings';

/**
 * /find-booking: a guest's way to a booking without the mail. Flights and hotels keep separate look-ups (a PNR
 * and a hotel reference are different things), so the page offers both; each form only leads to its look-up's
 * address, where that screen's machine finds the booking and says why when it cannot.
 */
export default function FindBooking() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const go = (to: (ref: string, email: string) => string) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    navigate(to(String(data.get('reference') ?? ''), String(data.get('email') ?? '')));
  };
  const hotelPath = (ref: string, email: string) => `/hotel/booking?reference=${encodeURIComponent(ref.trim().toUpperCase())}&email=${encodeURIComponent(email.trim())}`;
  return (
    <div className="flights-page trips-page">
      <header className="trips-head">
        <h1>{t('trips.find.title')}</h1>
        <p className="muted">{t('trips.find.text')}</p>
      </header>
      <div className="find-grid">
        <form className="card find-card" onSubmit={go(lookupPath)} aria-labelledby="find-flight" data-testid="find-flight">
          <h2 id="find-flight"><Icon name="plane" size={20} /> {t('trips.find.flight')}</h2>
          <p className="muted">{t('trips.find.flightText')}</p>
          <label className="field"><span className="field-label">{t('trips.find.pnr')}</span><input className="field-input" name="reference" dir="ltr" autoComplete="off" required /></label>
          <label className="field"><span className="field-label">{t('trips.find.email')}</span><input className="field-input" name="email" type="email" dir="ltr" autoComplete="email" required /></label>
          <button type="submit" className="btn btn-primary">{t('trips.find.submitFlight')}</button>
        </form>
        <form className="card find-card" onSubmit={go(hotelPath)} aria-labelledby="find-hotel" data-testid="find-hotel">
          <h2 id="find-hotel"><Icon name="hotel" size={20} /> {t('trips.find.hotel')}</h2>
          <p className="muted">{t('trips.find.hotelText')}</p>
          <label className="field"><span className="field-label">{t('trips.find.hotelRef')}</span><input className="field-input" name="reference" dir="ltr" autoComplete="off" placeholder="HTL-…" required /></label>
          <label className="field"><span className="field-label">{t('trips.find.email')}</span><input className="field-input" name="email" type="email" dir="ltr" autoComplete="email" required /></label>
          <button type="submit" className="btn btn-primary">{t('trips.find.submitHotel')}</button>
        </form>
      </div>
    </div>
  );
}
