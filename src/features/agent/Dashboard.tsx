import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../app/auth';
import { Greeting } from '../shared/Greeting';
import { Icon } from '../../ui/Icon';

export default function AgentDashboard() {
  const { t } = useTranslation();
  const user = useUser()!;
  return (
    <>
      <Greeting user={user}>
        <Link href="/" className="btn btn-primary"><Icon name="plane" size={18} /> {t('agent.dashboard.searchFlights')}</Link>
      </Greeting>
      <div className="dash-grid">
        <section className="card dash-card">
          <div className="stat">
            <span className="stat-icon"><Icon name="check" size={22} /></span>
            <div>
              <div className="stat-label">{t('agent.dashboard.status')}</div>
              <div className="stat-value">{t('agent.dashboard.active')}</div>
            </div>
          </div>
        </section>
        <section className="card dash-card">
          <div className="stat">
            <span className="stat-icon"><Icon name="briefcase" size={22} /></span>
            <div>
              <div className="stat-label">{t('agent.setup.agentCode')}</div>
              <div className="stat-value" dir="ltr">{user.agent_code ?? '—'}</div>
            </div>
          </div>
        </section>
        <section className="card dash-card dash-card-wide">
          <h2>{t('agent.dashboard.startTitle')}</h2>
          <p className="muted">{t('agent.dashboard.startText')}</p>
          <div className="button-row">
            <Link href="/" className="btn btn-secondary">{t('nav.flights')}</Link>
            <Link href="/contact/us" className="btn btn-ghost">{t('agent.dashboard.help')}</Link>
          </div>
        </section>
      </div>
    </>
  );
}
