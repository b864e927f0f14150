import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSettingsInput } from '../../../contract/agents';
import { sendAuth } from '../../app/auth';
import { PageHeader } from '../../ui/page';
import { Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { getAgentProfile, saveAgentSettings } from './api';

/** /agent/settings: name, phone, own markup per booking, password change (POST agent-profile). */
export default function Settings() {
  // After a save the form starts again from the saved profile, so the password fields are empty again.
  const [round, setRound] = useState(0);
  return <SettingsForm key={round} onSaved={() => setRound((n) => n + 1)} />;
}

function SettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useResourceForm({
    schema: AgentSettingsInput,
    load: async (_, signal) => {
      const p = await getAgentProfile(null, signal);
      return { name: p.name, phone: p.phone, own_markup: p.own_markup.amount };
    },
    save: ({ values }, signal) => saveAgentSettings(values, signal).then((r) => ({ message: r.message })),
  }, { values: { name: '', phone: '', own_markup: '0', current_password: '', new_password: '', new_password_confirmation: '' }, load: true }, (e) => {
    // The name in the top bar follows the saved one.
    if (e.type === 'saved') { sendAuth({ type: 'REFRESH' }); onSaved(); }
  });
  const { values, set } = form;
  const e = form.errors;
  return (
    <>
      <PageHeader title={t('agentProfile.settingsTitle')} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
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
        <div className="form-actions"><Submit busy={form.busy}>{t('agentProfile.save')}</Submit></div>
      </form>
    </>
  );
}
