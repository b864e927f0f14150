import { useTranslation } from 'react-i18next';
import { agreeTitleAndGender, titleChoices, TravellerInput, travellerDateErrors } from '../../../contract/travellers';
import { BackLink, PageHeader } from '../../ui/page';
import { CountrySelect, SelectInput, Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { getTraveller, saveTraveller } from './api';

// No title and no gender assumed: they are the traveller's to say.
const EMPTY = { type: 'ADT', title: '', first_name: '', last_name: '', gender: '', dob: '', nationality: 'PK', document_type: 'passport', document_no: '', expiry_date: '', issue_country: 'PK', email: '', phone: '' };

/** /agent/new-traveller (and ?id= to edit). */
export default function NewTraveller() {
  const { t } = useTranslation();
  const id = new URLSearchParams(window.location.search).get('id');
  const form = useResourceForm<typeof EMPTY>({
    schema: TravellerInput,
    check: (parsed) => travellerDateErrors(parsed as TravellerInput, new Date().toISOString().slice(0, 10)),
    load: (itemId, signal) => getTraveller(itemId!, signal),
    save: ({ id: itemId, values }, signal) => saveTraveller(itemId, values, signal),
  }, { id, values: EMPTY, after: '/agent/travellers' });
  const { values, errors, set } = form;
  // Choosing Mrs makes the gender female, and the other way round: airlines refuse a title of the other gender.
  const setAgreeing = (field: 'title' | 'gender') => (value: string) => {
    for (const [k, x] of Object.entries(agreeTitleAndGender(values, { [field]: value }))) set(k as keyof typeof EMPTY)(x);
  };
  const opt = (xs: readonly string[], ns: string) => xs.map((x) => ({ value: x, label: t(`${ns}.${x}`) }));
  return (
    <>
      <PageHeader title={id ? t('travellers.edit') : t('travellers.new')} actions={<BackLink href="/agent/travellers" label={t('travellers.title')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <div className="form-row">
          <SelectInput name="type" label={t('travellers.fields.type')} required value={values.type} onChange={set('type')} error={errors.type} options={opt(['ADT', 'CNN', 'INF'], 'travellers.types')} />
          {/* The titles of the traveller's type, then of the chosen gender; choosing one sets the gender. */}
          <SelectInput name="title" label={t('travellers.fields.title')} required value={values.title} onChange={setAgreeing('title')} error={errors.title}
            options={opt(titleChoices(values.type, values.gender, values.title), 'travellers.titles')} placeholder={t('travellers.chooseTitle')} />
          <SelectInput name="gender" label={t('travellers.fields.gender')} required value={values.gender} onChange={setAgreeing('gender')} error={errors.gender} options={opt(['M', 'F'], 'travellers.genders')} placeholder={t('travellers.chooseGender')} />
        </div>
        <div className="form-row">
          <TextInput name="first_name" label={t('travellers.fields.first_name')} required value={values.first_name} onChange={set('first_name')} error={errors.first_name} />
          <TextInput name="last_name" label={t('travellers.fields.last_name')} required value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
          <TextInput name="dob" type="date" dir="ltr" label={t('travellers.fields.dob')} required value={values.dob} onChange={set('dob')} error={errors.dob} />
        </div>
        <div className="form-row">
          <CountrySelect name="nationality" label={t('travellers.fields.nationality')} required value={values.nationality} onChange={set('nationality')} error={errors.nationality} />
          <SelectInput name="document_type" label={t('travellers.fields.document_type')} value={values.document_type} onChange={set('document_type')} error={errors.document_type} options={opt(['passport', 'national_id'], 'travellers.documents')} />
          <TextInput name="document_no" label={t('travellers.fields.document_no')} required dir="ltr" value={values.document_no} onChange={set('document_no')} error={errors.document_no} />
        </div>
        <div className="form-row">
          <TextInput name="expiry_date" type="date" dir="ltr" label={t('travellers.fields.expiry_date')} required value={values.expiry_date} onChange={set('expiry_date')} error={errors.expiry_date} />
          <CountrySelect name="issue_country" label={t('travellers.fields.issue_country')} required value={values.issue_country} onChange={set('issue_country')} error={errors.issue_country} />
        </div>
        <div className="form-row">
          <TextInput name="email" type="email" dir="ltr" label={t('travellers.fields.email')} value={values.email} onChange={set('email')} error={errors.email} />
          <TextInput name="phone" type="tel" dir="ltr" label={t('travellers.fields.phone')} value={values.phone} onChange={set('phone')} error={errors.phone} />
        </div>
        <div className="form-actions"><Submit busy={form.busy}>{t('travellers.save')}</Submit></div>
      </form>
    </>
  );
}
