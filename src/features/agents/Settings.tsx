import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentProfile } from '../../../contract/agents';
import { sendAuth } from '../../app/auth';
import { PageHeader, Submit, TextInput, useLoad, useMutation } from './kit';

/** /agent/settings: name, phone, own markup per booking, password change (POST agent-profile). */
export default function Settings() {
  const { t } = useTranslation();
  const profile = useLoad<AgentProfile>('/agentsData');
  const [values, setValues] = useState({ name: '', phone: '', own_markup: '0', current_password: '', new_password: '', new_password_confirmation: '' });
  const save = useMutation();
  useEffect(() => {
    if (profile.data) setValues((o) => ({ ...o, name: profile.data!.name, phone: profile.data!.phone, own_markup: profile.data!.own_markup.amount }));
  }, [profile.data]);
  const set = (k: keyof typeof values) => (val: string) => setValues((o) => ({ ...o, [k]: val }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await save.run('/agent-profile', { method: 'POST', body: values })) {
      setValues((o) => ({ ...o, current_password: '', new_password: '', new_password_confirmation: '' }));
      sendAuth({ type: 'REFRESH' });
    }
  }
  const e = save.errors;
  return (
    <>
      <PageHeader title={t('agentProfile.settingsTitle')} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <h2>{t('agentProfile.account')}</h2>
        <div className="form-row">
          <TextInput name="name" label={t('agentProfile.fields.name')} required value={values.name} onChange={set('name')} error={e.name} />
          <TextInput name="phone" type="tel" dir="ltr" label={t('agentProfile.fields.phone')} value={values.phone} onChange={set('phone')} error={e.phone} />
          <TextInput name="own_markup" inputMode="decimal" dir="ltr" label={t('agentProfile.fields.own_markup')} value={values.own_markup} onChange={set('own_markup')} error={e.own_markup} hint={t('agentProfile.ownMarkupHint')} />
        </div>
        <h2>{t('agentProfile.password')}</h2>
        <div className="form-row">
          <TextInput name="current_password" type="password" dir="ltr" label={t('agentProfile.fields.current_password')} value={values.current_password} onChange={set('current_password')} error={e.current_password} />
          <TextInput name="new_password" type="password" dir="ltr" label={t('agentProfile.fields.new_password')} value={values.new_password} onChange={set('new_password')} error={e.new_password} />
          <TextInput name="new_password_confirmation" type="password" dir="ltr" label={t('agentProfile.fields.new_password_confirmation')} value={values.new_password_confirmation} onChange={set('new_password_confirmation')} error={e.new_password_confirmation} />
        </div>
        <div className="form-actions"><Submit busy={save.busy}>{t('agentProfile.save')}</Submit></div>
      </form>
    </>
  );
}
