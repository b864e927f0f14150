import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestsForm as GuestsValue } from '../../../machines/hotel-booking';
import { translateServer } from '../../i18n';
import { countryOptions } from '../../ui/countries';

const TITLES = ['MR', 'MRS', 'MS', 'MSTR', 'MISS'] as const;

/**
 * The lead guest of each room, the contact and special requests. The fields are this form's; whether they are
 * right is the machine's answer (`errors`, by the request's field paths, the server's 422 ones included), which
 * hears each change (`onEdit`) so a message goes as soon as its field is right. No title is chosen for a guest.
 */
export function GuestsForm({ rooms, initial, email, errors, onEdit, onSubmit }: {
  rooms: number; initial: GuestsValue | null; email: string; errors: Record<string, string>;
  onEdit: (form: GuestsValue) => void; onSubmit: (form: GuestsValue) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<GuestsValue>(() => ({
    guests: Array.from({ length: rooms }, (_, i) => initial?.guests[i] ?? { title: '', first_name: '', last_name: '' }),
    contact: initial?.contact ?? { email, phone: '', country: 'PK' },
    specialRequests: initial?.specialRequests ?? '',
  }));
  const { guests, contact, specialRequests: requests } = form;
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const err = (k: string) => (errors[k] ? translateServer(errors[k]) : null);
  const change = (next: GuestsValue) => { setForm(next); onEdit(next); };
  const setGuest = (i: number, patch: Partial<GuestsValue['guests'][number]>) => change({ ...form, guests: guests.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const setContact = (next: GuestsValue['contact']) => change({ ...form, contact: next });
  const setRequests = (next: string) => change({ ...form, specialRequests: next });
  const submit = (e: FormEvent) => { e.preventDefault(); onSubmit(form); };
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
              <select className="field-input" name={`guests.${i}.title`} value={g.title} onChange={(e) => setGuest(i, { title: e.target.value })} aria-invalid={!!err(`guests.${i}.title`)} data-testid={`guests.${i}.title`}>
                <option value="" disabled={!!g.title}>{t('hotels.checkout.chooseTitle')}</option>
                {TITLES.map((x) => <option key={x} value={x}>{t(`hotels.titles.${x}`)}</option>)}
              </select>
              {err(`guests.${i}.title`) ? <span className="field-error">{err(`guests.${i}.title`)}</span> : null}
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
