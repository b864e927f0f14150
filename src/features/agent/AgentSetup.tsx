import { useTranslation } from 'react-i18next';
import { useUser } from '../../app/auth';
import { Greeting } from '../shared/Greeting';
import { OnboardingSteps } from './OnboardingSteps';

/**
 * /agent/add-agent-details: where a new agent lands after registering. Shows the account and each
 * onboarding step; the agency profile form (licence, address, logo) joins this screen with its API.
 */
export default function AgentSetup() {
  const { t } = useTranslation();
  const user = useUser()!;
  return (
    <>
      <Greeting user={user} />
      <div className="dash-grid">
        <section className="card dash-card">
          <h2>{t('agent.setup.stepsTitle')}</h2>
          <OnboardingSteps user={user} />
        </section>
        <section className="card dash-card">
          <h2>{t('agent.setup.accountTitle')}</h2>
          <dl className="details">
            <dt>{t('auth.fields.contactName')}</dt>
            <dd dir="auto">{user.name}</dd>
            <dt>{t('auth.fields.email')}</dt>
            <dd dir="ltr">{user.email}</dd>
            <dt>{t('agent.setup.agentCode')}</dt>
            <dd dir="ltr">{user.agent_code ?? t('agent.setup.codePending')}</dd>
          </dl>
          <p className="muted">{t('agent.setup.profileNote')}</p>
        </section>
      </div>
    </>
  );
}
