import { useEffect, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightBookingContext, FlightBookingEvent } from '../../../machines/flight-booking';
import { passportsRunningOut, travelDays, type ContactField } from '../../../machines/flight-passengers';
import { isolate } from '../../../contract/format/money';
import { translateServer } from '../../i18n';
import { countryOptions } from '../../ui/countries';
import { localDay } from '../trips/trips';
import { PassengerCard } from './PassengerCard';

/**
 * The passengers, the contact and (agents) the markup: the booking machine holds every value and says what is
 * wrong; this form shows them and sends each change. A passport that runs out within six months of the last flight
 * asks the user to confirm they checked the countries' rules before the booking goes on.
 */
export function PassengersForm({ context: c, email, send }: { context: FlightBookingContext; email: string; send: (e: FlightBookingEvent) => void }) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const form = c.passengerForm;
  // The signed-in user's address is the contact's until they type another.
  useEffect(() => {
    if (form && !form.main_contact.email && email) send({ type: 'SET_CONTACT', field: 'email', value: email });
  }, [form, email, send]);
  if (!form || !c.offer) return null;
  const errors = c.fieldErrors;
  const err = (k: string) => (errors[k] ? translateServer(errors[k]) : null);
  const runsOut = passportsRunningOut(form, c.offer);
  const { first } = travelDays(c.offer);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT_PASSENGERS', idempotencyKey: crypto.randomUUID(), today: localDay() });
  };
  const contact = (f: ContactField, label: string, extra: Record<string, string>) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input className="field-input" name={`main_contact.${f}`} value={form.main_contact[f]} onChange={(e) => send({ type: 'SET_CONTACT', field: f, value: e.target.value })}
        aria-invalid={!!err(`main_contact.${f}`)} dir="ltr" {...extra} />
      {err(`main_contact.${f}`) ? <span className="field-error" role="alert">{err(`main_contact.${f}`)}</span> : null}
    </label>
  );

  return (
    <form className="passengers" onSubmit={submit} noValidate>
      {form.travellers.map((p, i) => (
        <PassengerCard key={i} index={i} pax={p} errors={errors} countries={countries} firstDay={first} runsOut={runsOut.includes(i)}
          saved={c.role === 'agent' ? (c.savedTravellers ?? []).filter((s) => s.type === p.type) : []}
          onSet={(field, value) => send({ type: 'SET_PASSENGER', index: i, field, value })} onUseSaved={(id) => send({ type: 'USE_SAVED', index: i, id })} />
      ))}
      <fieldset className="card pax-card">
        <legend>{t('checkout.contact')}</legend>
        <div className="form-grid">
          {contact('email', t('checkout.fields.email'), { type: 'email', autoComplete: 'email' })}
          {contact('phone', t('checkout.fields.phone'), { type: 'tel', autoComplete: 'tel' })}
          <label className="field">
            <span className="field-label">{t('checkout.fields.country')}</span>
            <select className="field-input" name="main_contact.country" value={form.main_contact.country} onChange={(e) => send({ type: 'SET_CONTACT', field: 'country', value: e.target.value })}
              aria-invalid={!!err('main_contact.country')}>
              {countries.map((x) => <option key={x.code} value={x.code}>{x.name}</option>)}
            </select>
            {err('main_contact.country') ? <span className="field-error" role="alert">{err('main_contact.country')}</span> : null}
          </label>
        </div>
      </fieldset>
      {c.role === 'agent' ? (
        <fieldset className="card pax-card">
          <legend>{t('checkout.agentMarkup')}</legend>
          <label className="field">
            <span className="field-label">{t('checkout.markupLabel')}</span>
            <input className="field-input" name="agent_markup" value={form.agent_markup} onChange={(e) => send({ type: 'SET_MARKUP', value: e.target.value })}
              inputMode="decimal" placeholder="0.00" dir="ltr" aria-invalid={!!err('agent_markup')} />
            {err('agent_markup') ? <span className="field-error" role="alert">{err('agent_markup')}</span> : null}
          </label>
        </fieldset>
      ) : null}
      {runsOut.length ? (
        <div className="card pax-card passport-warning" data-testid="passport-warning">
          <p><strong>{t('checkout.passportsRunOut.title')}</strong></p>
          <p>{t('checkout.passportsRunOut.text', { names: runsOut.map((i) => isolate(name(form.travellers[i]) || t('checkout.passenger', { n: i + 1 }))).join(i18n.language === 'ar' ? '، ' : ', ') })}</p>
          <label className="acknowledge">
            <input type="checkbox" name="passports_acknowledged" checked={form.passports_acknowledged} aria-invalid={!!err('passports_acknowledged')}
              onChange={(e) => send({ type: 'ACKNOWLEDGE_PASSPORTS', value: e.target.checked })} />
            <span>{t('checkout.passportsRunOut.confirm')}</span>
          </label>
          {err('passports_acknowledged') ? <span className="field-error" role="alert">{err('passports_acknowledged')}</span> : null}
        </div>
      ) : null}
      {Object.keys(errors).length ? <p className="form-alert" role="alert">{t('checkout.fixErrors')}</p> : null}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" data-testid="continue">{t('checkout.continue')}</button>
      </div>
    </form>
  );
}

const name = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
