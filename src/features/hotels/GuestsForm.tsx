import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestsForm as GuestsValue } from '../../../machines/hotel-booking';
import { translateServer } from '../../i18n';
import { countryOptions } from '../../ui/countries';

const TITLES = ['MR', 'MRS', 'MS', 'MSTR', 'MISS'] as const;

/**
 * The lead guest of each room, the contact and special requests. The fields are this form's; whether they are
 * right is the machine's answer (`errors`, by the request's field paths, the server's 422 ones included).
 */
export function GuestsForm({ rooms, initial, email, errors, onSubmit }: {
  rooms: number; initial: GuestsValue | null; email: string; errors: Record<string, string>; onSubmit: (form: GuestsValue) => void;
}) {
  const { t, i18n } = useTranslation();
  const [guests, setGuests] = useState(() => Array.from({ length: rooms }, (_, i) => initial?.guests[i] ?? { title: 'MR' as const, first_name: '', last_name: '' }));
  const [contact, setContact] = useState(() => initial?.contact ?? { email, phone: '', country: 'PK' });
  const [requests, setRequests] = useState(initial?.specialRequests ?? '');
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const err = (k: string) => (errors[k] ? translateServer(errors[k]) : null);
  const setGuest = (i: number, patch: Partial<GuestsValue['guests'][number]>) => setGuests((g) => g.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const submit = (e: FormEvent) => { e.preventDefault(); onSubmit({ guests, contact, specialRequests: requests }); };
  const text = (label: string, value: string, onChange: (v: string) => void, key: string, extra: Record<string, string> = {}) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input className="field-input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!err(key)} dir="auto" name={key} data-testid={key} {...extra} />
      {err(key) ? <span className="field-error">{err(key)}</span> : null}
    </label>
  );
  return (
    <form className="passengers" onSubmit={submit} noValidate>
      {guests.map((g, i) => (
        <fieldset key={i} className="card pax-card" data-testid={`guest-${i}`}>
          <legend>{t('hotels.checkout.leadGuest', { n: i + 1 })}</legend>
          <div className="form-grid">
            <label className="field">
              <span className="field-label">{t('hotels.checkout.guestTitle')}</span>
              <select className="field-input" value={g.title} onChange={(e) => setGuest(i, { title: e.target.value as (typeof TITLES)[number] })} data-testid={`guests.${i}.title`}>
                {TITLES.map((x) => <option key={x} value={x}>{t(`hotels.titles.${x}`)}</option>)}
              </select>
            </label>
            {text(t('hotels.checkout.firstName'), g.first_name, (v) => setGuest(i, { first_name: v }), `guests.${i}.first_name`, { autoComplete: i === 0 ? 'given-name' : 'off' })}
            {text(t('hotels.checkout.lastName'), g.last_name, (v) => setGuest(i, { last_name: v }), `guests.${i}.last_name`, { autoComplete: i === 0 ? 'family-name' : 'off' })}
          </div>
        </fieldset>
      ))}
      <fieldset className="card pax-card">
        <legend>{t('hotels.checkout.contact')}</legend>
        <div className="form-grid">
          {text(t('hotels.checkout.email'), contact.email, (v) => setContact({ ...contact, email: v }), 'contact.email', { type: 'email', autoComplete: 'email' })}
          {text(t('hotels.checkout.phone'), contact.phone, (v) => setContact({ ...contact, phone: v }), 'contact.phone', { type: 'tel', autoComplete: 'tel' })}
          <label className="field">
            <span className="field-label">{t('hotels.checkout.country')}</span>
            <select className="field-input" value={contact.country} onChange={(e) => setContact({ ...contact, country: e.target.value })} aria-invalid={!!err('contact.country')}>
              {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
            </select>
            {err('contact.country') ? <span className="field-error">{err('contact.country')}</span> : null}
          </label>
        </div>
        <label className="field">
          <span className="field-label">{t('hotels.checkout.requests')}</span>
          <textarea className="field-input" rows={3} maxLength={500} value={requests} onChange={(e) => setRequests(e.target.value)} dir="auto" data-testid="special_requests" />
          <small className="muted">{t('hotels.checkout.requestsHint')}</small>
          {err('special_requests') ? <span className="field-error">{err('special_requests')}</span> : null}
        </label>
      </fieldset>
      {Object.keys(errors).length ? <p className="form-alert" role="alert">{t('hotels.checkout.fixErrors')}</p> : null}
      <div className="button-row"><button type="submit" className="btn btn-primary" data-testid="continue">{t('hotels.checkout.continue')}</button></div>
    </form>
  );
}
