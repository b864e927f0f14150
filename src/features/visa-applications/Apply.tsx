import { useMemo } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Visa } from '../../../contract/catalogue';
import { passportsExpiringSoon } from '../../../contract/bookings';
import { isolate } from '../../../contract/format/money';
import { visaApplicationMachine } from '../../../machines/visa-application';
import { DatePicker } from '../../components/date-picker/DatePicker';
import { useUser } from '../../app/auth';
import { i18n, translateServer } from '../../i18n';
import { DateText, MoneyText } from '../../ui/format';
import { useMachineScreen } from '../../ui/machines';
import { useRecordOf } from '../../ui/records';
import { countryOptions } from '../../ui/countries';
import { getVisa } from '../public/api';
import { localDay } from '../trips/trips';
import { applicationActors, visaTitle } from './api';
import { countryName } from '../../i18n/places';
import { TravellerFields } from './TravellerFields';
import '../flights/flights.css';
import './visa-applications.css';
import './strings';

const actors = applicationActors(() => i18n.language);

/** /visa-apply?id=: apply online for a catalogue visa (signed in: the documents are the applicant's uploads). */
export default function ApplyPage() {
  const { t } = useTranslation();
  const user = useUser();
  const id = new URLSearchParams(window.location.search).get('id') ?? '';
  const { data: visa, loading, failed } = useRecordOf(id ? (signal) => getVisa(id, signal).then((data) => ({ data })) : null, id);
  if (!id || failed) return <div className="cat-page"><p>{t('visas.notFound')}</p><Link href="/visa" className="btn btn-secondary">{t('visas.back')}</Link></div>;
  if (loading || !visa) return <div className="cat-page"><p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p></div>;
  if (!user || (user.role !== 'customer' && user.role !== 'agent')) {
    return (
      <div className="cat-page va-page">
        <h1>{t('visaApplications.applyFor', { title: visaTitle(visa, i18n.language) })}</h1>
        <p>{t(user ? 'visaApplications.customersOnly' : 'visaApplications.signInFirst')}</p>
        {!user ? <Link href="/auth/login" className="btn btn-primary">{t('visaApplications.signIn')}</Link> : null}
      </div>
    );
  }
  return <ApplyFlow visa={visa} role={user.role} email={user.email} />;
}

function ApplyFlow({ visa, role, email }: { visa: Visa; role: string; email: string }) {
  const { t } = useTranslation();
  const [state, send] = useMachineScreen(visaApplicationMachine, {
    actors,
    input: { visa: { id: visa.id, title: visa.title, price: visa.price }, role, today: localDay(), email },
    on: (e) => { if (e.type === 'redirect' && 'url' in e) window.location.assign(e.url as string); },
  });
  const c = state.context;
  const countries = useMemo(() => countryOptions(i18n.language), []);
  const err = (k: string) => (c.fieldErrors[k] ? translateServer(c.fieldErrors[k]) : null);
  const editing = state.matches('editing') || state.matches('uploading');
  const count = c.form.travellers.length;
  // Valid on the travel date but for less than six months after it: a warning, not a refusal.
  const soon = c.form.travel_date ? passportsExpiringSoon(c.form.travellers.map((x) => ({ expiry_date: x.passport_expiry })), c.form.travel_date) : [];
  const fee = { amount: (Number(visa.price.amount) * count).toFixed(2), currency: visa.price.currency };
  const confirm = (method: 'card' | 'wallet') => send({ type: 'CONFIRM', method, idempotencyKey: crypto.randomUUID() });
  const text = (path: string, label: string, value: string, type = 'text') => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input className="field-input" type={type} value={value} onChange={(e) => send({ type: 'SET', path, value: e.target.value })} aria-invalid={!!err(path)} dir={type === 'email' || type === 'tel' ? 'ltr' : 'auto'} name={path} data-testid={path} />
      {err(path) ? <span className="field-error" role="alert">{err(path)}</span> : null}
    </label>
  );
  return (
    <div className="cat-page va-page">
      <h1>{t('visaApplications.applyFor', { title: visaTitle(visa, i18n.language) })}</h1>
      <p className="muted">{countryName(visa.country_code, i18n.language, visa.country)} · <MoneyText value={visa.price} /> {t('visaApplications.perTraveller')}</p>
      <ol className="va-steps" aria-label={t('visaApplications.steps')}>
        <li aria-current={editing ? 'step' : undefined}>{t('visaApplications.stepTravellers')}</li>
        <li aria-current={!editing ? 'step' : undefined}>{t('visaApplications.stepReview')}</li>
      </ol>
      {editing ? (
        <form className="passengers" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'SUBMIT' }); }}>
          <fieldset className="card pax-card">
            <legend>{t('visaApplications.trip')}</legend>
            <div className="form-grid">
              <DatePicker label={t('visaApplications.fields.travel_date')} value={c.form.travel_date || null} onChange={(d) => send({ type: 'SET', path: 'travel_date', value: d ?? '' })}
                error={err('travel_date')} testId="travel-date" />
              {text('contact.email', t('visaApplications.fields.email'), c.form.contact.email, 'email')}
              {text('contact.phone', t('visaApplications.fields.phone'), c.form.contact.phone, 'tel')}
              <label className="field">
                <span className="field-label">{t('visaApplications.fields.country')}</span>
                <select className="field-input" value={c.form.contact.country} onChange={(e) => send({ type: 'SET', path: 'contact.country', value: e.target.value })}>
                  {countries.map((x) => <option key={x.code} value={x.code}>{x.name}</option>)}
                </select>
              </label>
            </div>
          </fieldset>
          {c.form.travellers.map((tr, i) => (
            <TravellerFields key={i} index={i} value={tr} errors={c.fieldErrors} countries={countries} canRemove={count > 1} today={c.today} expiresSoon={soon.includes(i)}
              uploading={c.uploading?.index === i ? c.uploading.kind : null}
              onSet={(path, value) => send({ type: 'SET', path, value })} onUpload={(kind, file) => send({ type: 'UPLOAD', index: i, kind, file })}
              onRemove={() => send({ type: 'REMOVE_TRAVELLER', index: i })} />
          ))}
          {soon.length ? (
            <div className="card pax-card passport-warning" data-testid="passport-acknowledge">
              <p>{t('visaApplications.passportsRunOut.text', { names: soon.map((i) => isolate(`${c.form.travellers[i].first_name} ${c.form.travellers[i].last_name}`.trim() || t('visaApplications.traveller', { n: i + 1 }))).join(i18n.language === 'ar' ? '، ' : ', ') })}</p>
              <label className="acknowledge">
                <input type="checkbox" name="passports_acknowledged" checked={!!c.form.passports_acknowledged} aria-invalid={!!err('passports_acknowledged')}
                  onChange={(e) => send({ type: 'ACKNOWLEDGE_PASSPORTS', value: e.target.checked })} />
                <span>{t('visaApplications.passportsRunOut.confirm')}</span>
              </label>
              {err('passports_acknowledged') ? <span className="field-error" role="alert">{err('passports_acknowledged')}</span> : null}
            </div>
          ) : null}
          {Object.keys(c.fieldErrors).length ? <p className="form-alert" role="alert">{t('visaApplications.fixErrors')}</p> : null}
          <div className="button-row">
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'ADD_TRAVELLER' })} disabled={count >= 9}>{t('visaApplications.addTraveller')}</button>
            <button type="submit" className="btn btn-primary" data-testid="va-continue" disabled={state.matches('uploading')}>{t('visaApplications.continue')}</button>
          </div>
        </form>
      ) : (
        <section className="card va-review" aria-live="polite">
          <h2>{t('visaApplications.review')}</h2>
          <dl className="details">
            <dt>{t('visaApplications.fields.travel_date')}</dt><dd><DateText value={c.form.travel_date} /></dd>
            <dt>{t('visaApplications.travellers')}</dt><dd><bdi>{c.form.travellers.map((x) => `${x.first_name} ${x.last_name}`).join(i18n.language === 'ar' ? '، ' : ', ')}</bdi></dd>
            <dt>{t('visaApplications.fee')}</dt><dd data-testid="va-fee"><MoneyText value={fee} /> <span className="muted">({t('visaApplications.travellerCount', { count })})</span></dd>
          </dl>
          {state.matches('review') ? (
            <div className="button-row">
              <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'BACK' })}>{t('visaApplications.back')}</button>
              {role === 'agent' ? <button type="button" className="btn btn-secondary" onClick={() => confirm('wallet')} data-testid="va-pay-wallet">{t('visaApplications.payWallet')}</button> : null}
              <button type="button" className="btn btn-primary" onClick={() => confirm('card')} data-testid="va-pay-card">{t('visaApplications.payCard')}</button>
            </div>
          ) : null}
          {state.matches('applying') || state.matches('redirecting') || state.matches('submitted') ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t(state.matches('redirecting') ? 'visaApplications.toPayment' : 'common.pleaseWait')}</p> : null}
          {state.matches('insufficientBalance') ? <div role="alert"><p className="form-alert">{t('visaApplications.insufficient')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'BACK' })}>{t('visaApplications.back')}</button></div> : null}
          {state.matches('applyFailed') ? (
            <div className="button-row">
              <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button>
              <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'BACK' })}>{t('visaApplications.back')}</button>
            </div>
          ) : null}
        </section>
      )}
    </div>
  );
}
