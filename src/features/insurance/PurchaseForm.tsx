import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POLICY_TITLES } from '../../../contract/insurance';
import type { PurchaseEvent, TravellerFields } from '../../../machines/insurance-purchase';
import { SelectInput, TextInput } from '../../ui/fields';
import { countryOptions } from '../../ui/countries';
import type { PurchaseState } from './PurchaseReview';
import './strings';

/** Cover dates, one card per traveller and the contact: the machine holds every value and every message. */
export function PurchaseForm({ state, send }: { state: PurchaseState; send: (e: PurchaseEvent) => void }) {
  const { t, i18n } = useTranslation();
  const { form, fieldErrors: errors, ages } = state.context;
  const countries = useMemo(() => countryOptions(i18n.language).map((c) => ({ value: c.code, label: c.name })), [i18n.language]);
  const busy = state.matches('pricing');
  const traveller = (i: number, field: keyof TravellerFields) => ({
    name: `travellers.${i}.${field}`, value: form.travellers[i][field], error: errors[`travellers.${i}.${field}`],
    onChange: (value: string) => send({ type: 'SET_TRAVELLER', index: i, field, value }),
  });
  const submit = (e: FormEvent) => { e.preventDefault(); send({ type: 'SUBMIT' }); };
  return (
    <form className="passengers" onSubmit={submit} noValidate data-testid="purchase-form">
      <fieldset className="card pax-card">
        <legend>{t('insurancePolicy.cover')}</legend>
        <div className="form-grid">
          <TextInput name="start_date" type="date" dir="ltr" label={t('insurancePolicy.startDate')} value={form.start_date} error={errors.start_date} onChange={(value) => send({ type: 'SET', field: 'start_date', value })} />
          <TextInput name="end_date" type="date" dir="ltr" label={t('insurancePolicy.endDate')} value={form.end_date} error={errors.end_date} onChange={(value) => send({ type: 'SET', field: 'end_date', value })} />
        </div>
      </fieldset>
      {form.travellers.map((_, i) => (
        <fieldset key={i} className="card pax-card" data-testid={`traveller-${i}`}>
          <legend>{t('insurancePolicy.traveller', { n: i + 1 })}{ages[i] !== undefined ? <span className="muted ins-age"> · {t('insurancePolicy.quotedAge', { age: ages[i] })}</span> : null}</legend>
          <div className="form-grid">
            <SelectInput {...traveller(i, 'title')} label={t('insurancePolicy.title')} placeholder={t('insurancePolicy.choose')} options={POLICY_TITLES.map((x) => ({ value: x, label: t(`insurancePolicy.titles.${x}`) }))} />
            <TextInput {...traveller(i, 'first_name')} label={t('insurancePolicy.firstName')} />
            <TextInput {...traveller(i, 'last_name')} label={t('insurancePolicy.lastName')} />
            <TextInput {...traveller(i, 'date_of_birth')} type="date" dir="ltr" label={t('insurancePolicy.dob')} />
            <TextInput {...traveller(i, 'passport_number')} dir="ltr" label={t('insurancePolicy.passport')} />
            <SelectInput {...traveller(i, 'nationality')} label={t('insurancePolicy.nationality')} placeholder={t('insurancePolicy.choose')} options={countries} />
          </div>
          {form.travellers.length > 1 ? <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'REMOVE_TRAVELLER', index: i })}>{t('insurancePolicy.removeTraveller')}</button> : null}
        </fieldset>
      ))}
      {form.travellers.length < 10 ? <div className="button-row"><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'ADD_TRAVELLER' })} data-testid="add-traveller">{t('insurancePolicy.addTraveller')}</button></div> : null}
      <fieldset className="card pax-card">
        <legend>{t('insurancePolicy.contact')}</legend>
        <div className="form-grid">
          <TextInput name="contact.email" type="email" dir="ltr" label={t('insurancePolicy.email')} value={form.email} error={errors['contact.email']} onChange={(value) => send({ type: 'SET', field: 'email', value })} />
          <TextInput name="contact.phone" type="tel" dir="ltr" label={t('insurancePolicy.phone')} value={form.phone} error={errors['contact.phone']} onChange={(value) => send({ type: 'SET', field: 'phone', value })} />
        </div>
      </fieldset>
      {Object.keys(errors).length ? <p className="form-alert" role="alert">{t('insurancePolicy.fixErrors')}</p> : null}
      <div className="button-row"><button type="submit" className="btn btn-primary" disabled={busy} data-testid="continue">{busy ? t('common.pleaseWait') : t('insurancePolicy.continue')}</button></div>
    </form>
  );
}
