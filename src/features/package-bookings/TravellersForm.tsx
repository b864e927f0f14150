import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passportsExpiringSoon } from '../../../contract/bookings';
import { isolate } from '../../../contract/format/money';
import { TITLES } from '../../../contract/titles';
import type { PackageBookingForm, PackageTravellerDraft } from '../../../machines/package-booking';
import { translateServer } from '../../i18n';
import { countryOptions } from '../../ui/countries';
import './strings';

const blank = (): PackageTravellerDraft => ({ title: '', first_name: '', last_name: '', dob: '', nationality: 'PK', passport_no: '', passport_expiry: '' });

/**
 * Each traveller's name and passport, and the contact. The fields are this form's; whether they are right is the
 * machine's answer (`errors` by the request's field paths, the server's 422 ones included), which hears each
 * change (`onEdit`) so a message goes as soon as its field is right; what was typed stays when they are wrong.
 * No title is chosen for a traveller. A passport that runs out within six months of the return is warned about,
 * and the user ticks that they checked before going on.
 */
export function TravellersForm({ count, initial, email, errors, returnDate, onEdit, onSubmit, onBack }: {
  count: number; initial: PackageBookingForm | null; email: string; errors: Record<string, string>; returnDate: string | null;
  onEdit: (form: PackageBookingForm) => void; onSubmit: (form: PackageBookingForm) => void; onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<PackageBookingForm>(() => ({
    travellers: Array.from({ length: count }, (_, i) => initial?.travellers[i] ?? blank()),
    contact: initial?.contact ?? { email, phone: '', country: 'PK' },
    passports_acknowledged: initial?.passports_acknowledged ?? false,
  }));
  const { travellers, contact } = form;
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const err = (k: string) => (errors[k] ? translateServer(errors[k]) : null);
  const change = (next: PackageBookingForm) => { setForm(next); onEdit(next); };
  const set = (i: number, patch: Partial<PackageTravellerDraft>) => change({ ...form, travellers: travellers.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const setContact = (next: PackageBookingForm['contact']) => change({ ...form, contact: next });
  const submit = (e: FormEvent) => { e.preventDefault(); onSubmit(form); };
  const runsOut = returnDate ? passportsExpiringSoon(travellers.map((p) => ({ expiry_date: p.passport_expiry })), returnDate) : [];
  const input = (label: string, key: string, value: string, onChange: (v: string) => void, extra: Record<string, string> = {}) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input className="field-input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!err(key)} dir="auto" name={key} data-testid={key} {...extra} />
      {err(key) ? <span className="field-error" role="alert">{err(key)}</span> : null}
    </label>
  );
  const select = (label: string, key: string, value: string, onChange: (v: string) => void, options: { value: string; label: string }[], placeholder?: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <select className="field-input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!err(key)} name={key} data-testid={key}>
        {placeholder !== undefined ? <option value="" disabled={!!value}>{placeholder}</option> : null}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {err(key) ? <span className="field-error" role="alert">{err(key)}</span> : null}
    </label>
  );
  const countryList = countries.map((c) => ({ value: c.code, label: c.name }));
  return (
    <form className="passengers" onSubmit={submit} noValidate>
      {travellers.map((p, i) => (
        <fieldset key={i} className="card pax-card" data-testid={`traveller-${i}`}>
          <legend>{t('packageBookings.traveller', { n: i + 1 })}</legend>
          <div className="form-grid">
            {select(t('packageBookings.fields.title'), `travellers.${i}.title`, p.title, (v) => set(i, { title: v }), TITLES.map((x) => ({ value: x, label: t(`packageBookings.titles.${x}`) })), t('packageBookings.chooseTitle'))}
            {input(t('packageBookings.fields.first_name'), `travellers.${i}.first_name`, p.first_name, (v) => set(i, { first_name: v }), { autoComplete: i === 0 ? 'given-name' : 'off' })}
            {input(t('packageBookings.fields.last_name'), `travellers.${i}.last_name`, p.last_name, (v) => set(i, { last_name: v }), { autoComplete: i === 0 ? 'family-name' : 'off' })}
            {input(t('packageBookings.fields.dob'), `travellers.${i}.dob`, p.dob, (v) => set(i, { dob: v }), { type: 'date' })}
            {select(t('packageBookings.fields.nationality'), `travellers.${i}.nationality`, p.nationality, (v) => set(i, { nationality: v }), countryList)}
            {input(t('packageBookings.fields.passport_no'), `travellers.${i}.passport_no`, p.passport_no, (v) => set(i, { passport_no: v }), { dir: 'ltr' })}
            {input(t('packageBookings.fields.passport_expiry'), `travellers.${i}.passport_expiry`, p.passport_expiry, (v) => set(i, { passport_expiry: v }), { type: 'date' })}
          </div>
        </fieldset>
      ))}
      <fieldset className="card pax-card">
        <legend>{t('packageBookings.contact')}</legend>
        <div className="form-grid">
          {input(t('packageBookings.fields.email'), 'contact.email', contact.email, (v) => setContact({ ...contact, email: v }), { type: 'email', dir: 'ltr', autoComplete: 'email' })}
          {input(t('packageBookings.fields.phone'), 'contact.phone', contact.phone, (v) => setContact({ ...contact, phone: v }), { type: 'tel', dir: 'ltr', autoComplete: 'tel' })}
          {select(t('packageBookings.fields.country'), 'contact.country', contact.country, (v) => setContact({ ...contact, country: v }), countryList)}
        </div>
      </fieldset>
      {runsOut.length ? (
        <div className="card pax-card passport-warning" data-testid="passport-acknowledge">
          <p>{t('packageBookings.passportsRunOut.text', { names: runsOut.map((i) => isolate(`${travellers[i].first_name} ${travellers[i].last_name}`.trim() || t('packageBookings.traveller', { n: i + 1 }))).join(i18n.language === 'ar' ? '، ' : ', ') })}</p>
          <label className="acknowledge">
            <input type="checkbox" name="passports_acknowledged" checked={!!form.passports_acknowledged} aria-invalid={!!err('passports_acknowledged')}
              onChange={(e) => change({ ...form, passports_acknowledged: e.target.checked })} />
            <span>{t('packageBookings.passportsRunOut.confirm')}</span>
          </label>
          {err('passports_acknowledged') ? <span className="field-error" role="alert">{err('passports_acknowledged')}</span> : null}
        </div>
      ) : null}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" data-testid="travellers-next">{t('packageBookings.toReview')}</button>
        <button type="button" className="btn btn-ghost" onClick={onBack}>{t('packageBookings.back')}</button>
      </div>
    </form>
  );
}
