import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../api/uploads';
import { AgentProfileInput } from '../../../contract/agents';
import { useUser } from '../../app/auth';
import { OnboardingSteps } from '../agent-onboarding/OnboardingSteps';
import { PageHeader, StatusBadge } from '../../ui/page';
import { CountrySelect, FileInput, Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { useRecord } from '../../ui/records';
import { getAgentProfile, saveAgentProfile } from './api';

const EMPTY = { company_name: '', phone: '', licence_no: '', address: '', city: '', country: '', contact_person: '', website: '', logo_file: '' };

/**
 * The agency profile form: /agent/add-agent-details (new agents, with the onboarding steps),
 * /agent/update-agent-data (approved agents) and /admin/update-agent-data?id= (staff).
 */
export default function AgentDetails() {
  const { t } = useTranslation();
  const user = useUser()!;
  const staff = user.role !== 'agent';
  const id = new URLSearchParams(window.location.search).get('id');
  const onboarding = !staff && window.location.pathname.endsWith('add-agent-details');
  const profile = useRecord((_, signal) => getAgentProfile(staff ? id : null, signal));
  const form = useResourceForm<typeof EMPTY>({
    schema: AgentProfileInput,
    toBody: (values) => ({ ...values, ...(staff ? { user_id: Number(id) } : {}) }),
    load: (_, signal) => getAgentProfile(staff ? id : null, signal),
    save: ({ values }, signal) => saveAgentProfile(values, signal).then((r) => ({ message: r.message })),
  }, { values: EMPTY, load: true }, (ev) => { if (ev.type === 'saved') profile.reload(); });
  const { values, set } = form;
  const e = form.errors;
  const p = profile.data;
  return (
    <>
      <PageHeader title={onboarding ? t('agentProfile.addTitle') : t('agentProfile.updateTitle')}
        subtitle={p ? <span dir="auto">{p.name} · <span dir="ltr">{p.email}</span> · <span dir="ltr">{p.agent_code}</span> · <StatusBadge status={p.is_approved === '1' ? 'approved' : 'pending'} /></span> : null} />
      {p?.rejection_reason && p.is_approved === '0' ? <div className="card form-card notice-reject" role="status"><strong>{t('agentProfile.rejected')}</strong> <span dir="auto">{p.rejection_reason}</span></div> : null}
      <div className="dash-grid">
        <form className={`card form-card form ${onboarding ? '' : 'dash-card-wide'}`} onSubmit={form.submit} noValidate aria-busy={form.loading}>
          <div className="form-row">
            <TextInput name="company_name" label={t('agentProfile.fields.company_name')} required value={values.company_name} onChange={set('company_name')} error={e.company_name} />
            <TextInput name="phone" type="tel" dir="ltr" label={t('agentProfile.fields.phone')} required value={values.phone} onChange={set('phone')} error={e.phone} />
          </div>
          <div className="form-row">
            <TextInput name="licence_no" dir="ltr" label={t('agentProfile.fields.licence_no')} value={values.licence_no} onChange={set('licence_no')} error={e.licence_no} />
            <TextInput name="contact_person" label={t('agentProfile.fields.contact_person')} value={values.contact_person} onChange={set('contact_person')} error={e.contact_person} />
          </div>
          <TextInput name="address" label={t('agentProfile.fields.address')} value={values.address} onChange={set('address')} error={e.address} />
          <div className="form-row">
            <TextInput name="city" label={t('agentProfile.fields.city')} value={values.city} onChange={set('city')} error={e.city} />
            <CountrySelect name="country" label={t('agentProfile.fields.country')} value={values.country} onChange={set('country')} error={e.country} />
            <TextInput name="website" dir="ltr" label={t('agentProfile.fields.website')} value={values.website} onChange={set('website')} error={e.website} />
          </div>
          <FileInput name="logo_file" label={t('agentProfile.fields.logo_file')} purpose="logo" accept="image/jpeg,image/png,image/webp" value={values.logo_file} onChange={set('logo_file')} error={e.logo_file} />
          {values.logo_file ? <img src={fileUrl(values.logo_file)} alt={t('agentProfile.fields.logo_file')} className="logo-preview" /> : null}
          <div className="form-actions"><Submit busy={form.busy}>{t('agentProfile.save')}</Submit></div>
        </form>
        {onboarding ? (
          <section className="card dash-card">
            <h2>{t('agent.setup.stepsTitle')}</h2>
            <OnboardingSteps user={user} />
          </section>
        ) : null}
      </div>
    </>
  );
}
