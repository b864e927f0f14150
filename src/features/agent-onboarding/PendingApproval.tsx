import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../app/auth';
import { Greeting } from '../shared/Greeting';
import { OnboardingSteps } from './OnboardingSteps';
import { Icon } from '../../ui/Icon';

/** Verified agents waiting for staff approval land here; they may complete their profile meanwhile. */
export default function PendingApproval() {
  const { t } = useTranslation();
  const user = useUser()!;
  return (
    <>
      <Greeting user={user} />
      <div className="dash-grid">
        <section className="card dash-card">
          <div className="stat">
            <span className="stat-icon"><Icon name="clock" size={22} /></span>
            <div>
              <h2 className="pending-title">{t('agent.pending.heading')}</h2>
              <p className="muted">{t('agent.pending.body')}</p>
            </div>
          </div>
          <div className="button-row">
            <Link href="/agent/add-agent-details" className="btn btn-primary">{t('agent.pending.profileAction')}</Link>
            <Link href="/contact/us" className="btn btn-secondary">{t('agent.pending.contactAction')}</Link>
          </div>
        </section>
        <section className="card dash-card">
          <h2>{t('agent.steps.title')}</h2>
          <OnboardingSteps user={user} />
        </section>
      </div>
    </>
  );
}
