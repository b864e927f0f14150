import { useEffect, useState, type FormEvent } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { TITLES, TravellerInput, travellerDateErrors, type Traveller } from '../../../contract/agents';
import { firstIssues } from '../../ui/form';
import { BackLink, PageHeader, SelectInput, Submit, TextInput, useLoad, useMutation, useQueryParam } from './kit';

const EMPTY = { type: 'ADT', title: 'Mr', first_name: '', last_name: '', gender: 'M', dob: '', nationality: 'PK', document_type: 'passport', document_no: '', expiry_date: '', issue_country: 'PK', email: '', phone: '' };

/** /agent/new-traveller (and ?id= to edit). */
export default function NewTraveller() {
  const { t } = useTranslation();
  const id = useQueryParam('id');
  const existing = useLoad<Traveller>(id ? `/get-travellers/${id}` : null);
  const [values, setValues] = useState(EMPTY);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const save = useMutation();
  useEffect(() => {
    const d = existing.data;
    if (d) setValues({ ...EMPTY, ...Object.fromEntries(Object.entries(d).filter(([k]) => k in EMPTY).map(([k, val]) => [k, val ?? ''])) } as typeof EMPTY);
  }, [existing.data]);
  const errors = { ...save.errors, ...clientErrors };
  const set = (k: keyof typeof EMPTY) => (val: string) => { setValues((o) => ({ ...o, [k]: val })); setClientErrors((o) => ({ ...o, [k]: '' })); };
  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = v.safeParse(TravellerInput, values);
    const errs = check.success ? travellerDateErrors(check.output, new Date().toISOString().slice(0, 10)) : firstIssues(check.issues);
    setClientErrors(errs);
    if (Object.keys(errs).length) return;
    const ok = await save.run(id ? `/update-travellers/${id}` : '/save-travellers', { method: id ? 'PUT' : 'POST', body: values });
    if (ok) navigate('/agent/travellers');
  }
  const opt = (xs: readonly string[], ns: string) => xs.map((x) => ({ value: x, label: t(`${ns}.${x}`) }));
  return (
    <>
      <PageHeader title={id ? t('travellers.edit') : t('travellers.new')} actions={<BackLink href="/agent/travellers" label={t('travellers.title')} />} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <div className="form-row">
          <SelectInput name="type" label={t('travellers.fields.type')} required value={values.type} onChange={set('type')} error={errors.type} options={opt(['ADT', 'CNN', 'INF'], 'travellers.types')} />
          <SelectInput name="title" label={t('travellers.fields.title')} required value={values.title} onChange={set('title')} error={errors.title} options={opt(TITLES, 'travellers.titles')} />
          <SelectInput name="gender" label={t('travellers.fields.gender')} required value={values.gender} onChange={set('gender')} error={errors.gender} options={opt(['M', 'F'], 'travellers.genders')} />
        </div>
        <div className="form-row">
          <TextInput name="first_name" label={t('travellers.fields.first_name')} required value={values.first_name} onChange={set('first_name')} error={errors.first_name} />
          <TextInput name="last_name" label={t('travellers.fields.last_name')} required value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
          <TextInput name="dob" type="date" dir="ltr" label={t('travellers.fields.dob')} required value={values.dob} onChange={set('dob')} error={errors.dob} />
        </div>
        <div className="form-row">
          <TextInput name="nationality" label={t('travellers.fields.nationality')} required dir="ltr" value={values.nationality} onChange={set('nationality')} error={errors.nationality} hint={t('travellers.countryHint')} />
          <SelectInput name="document_type" label={t('travellers.fields.document_type')} value={values.document_type} onChange={set('document_type')} error={errors.document_type} options={opt(['passport', 'national_id'], 'travellers.documents')} />
          <TextInput name="document_no" label={t('travellers.fields.document_no')} required dir="ltr" value={values.document_no} onChange={set('document_no')} error={errors.document_no} />
        </div>
        <div className="form-row">
          <TextInput name="expiry_date" type="date" dir="ltr" label={t('travellers.fields.expiry_date')} required value={values.expiry_date} onChange={set('expiry_date')} error={errors.expiry_date} />
          <TextInput name="issue_country" label={t('travellers.fields.issue_country')} required dir="ltr" value={values.issue_country} onChange={set('issue_country')} error={errors.issue_country} />
        </div>
        <div className="form-row">
          <TextInput name="email" type="email" dir="ltr" label={t('travellers.fields.email')} value={values.email} onChange={set('email')} error={errors.email} />
          <TextInput name="phone" type="tel" dir="ltr" label={t('travellers.fields.phone')} value={values.phone} onChange={set('phone')} error={errors.phone} />
        </div>
        <div className="form-actions"><Submit busy={save.busy}>{t('travellers.save')}</Submit></div>
      </form>
    </>
  );
}
